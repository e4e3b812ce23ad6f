import { apiPath } from '@mb/contracts/api-paths';
import type { ApiKey } from '@mb/contracts/types/wire/api-key';

export type { ApiKey };

/** GET /api/keys: the viewer's keys for /v1, newest first. The default query function GETs it. */
export const apiKeysKey = [apiPath('apiKeys')] as const;
