import { apiPath } from '@mb/contracts/api-paths';
import type { CreateApiKeyRequest } from '@mb/contracts/types/wire/create-api-key-request';
import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import { request } from '../api-client';

export type { CreateApiKeyRequest, CreatedApiKey };

/** Makes a key for /v1; the answer holds the key itself, the only time it is ever sent. */
export function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return request('POST', apiPath('apiKeys'), { body });
}
