import type { ApiKey } from '@mb/contracts/types/wire/api-key';
import type { ApiKeyRecord } from './api-key.store';

export const toApiKeyDto = (key: ApiKeyRecord): ApiKey => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  agents: key.agents,
  allowConfirmTools: key.allowConfirmTools,
  requestsPerMinute: key.requestsPerMinute,
  createdAt: key.createdAt.toISOString(),
  expiresAt: key.expiresAt?.toISOString() ?? null,
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  tokensUsed: key.tokensUsed,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});
