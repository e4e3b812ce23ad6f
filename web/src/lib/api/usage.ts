import type { AgentUsage, UsageResponse } from '../../../../schemas/types/wire/usage-response';

export type { AgentUsage, UsageResponse };

/** GET /api/usage with no range: this month so far (UTC). The default query function GETs it. */
export const monthUsageKey = ['/api/usage'] as const;
