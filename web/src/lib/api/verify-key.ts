import { apiPath } from '@mb/contracts/api-paths';
import type { VerifyKeyResponse } from '@mb/contracts/types/wire/verify-key-response';
import { request } from '../api-client';

/** Asks the server to check a user's key against the model service (no tokens spent). */
export function verifyKey(key: string): Promise<VerifyKeyResponse> {
  return request('POST', apiPath('verifyKey'), { modelKey: key });
}
