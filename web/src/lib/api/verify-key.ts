import type { VerifyKeyResponse } from '../../../../schemas/types/wire/verify-key-response';
import { request } from '../api-client';

/** Asks the server to check a user's key against the model service (no tokens spent). */
export function verifyKey(key: string): Promise<VerifyKeyResponse> {
  return request('POST', '/api/openai/verify-key', { modelKey: key });
}
