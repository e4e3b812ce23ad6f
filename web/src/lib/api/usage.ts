import { apiPath } from '@mb/contracts/api-paths';
import type { AgentUsage, UsageResponse } from '@mb/contracts/types/wire/usage-response';

export type { AgentUsage, UsageResponse };

/** GET /api/usage with no range: this month so far (UTC). The default query function GETs it. */
export const monthUsageKey = [apiPath('usage')] as const;
