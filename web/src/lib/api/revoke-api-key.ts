import { apiPath } from '@mb/contracts/api-paths';
import type { ApiKey } from '@mb/contracts/types/wire/api-key';
import { request } from '../api-client';

/** Revokes a key: it works no more from this moment. Answers the key as revoked. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return request('DELETE', apiPath('apiKey', { id }));
}
