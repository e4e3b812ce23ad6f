import { request } from '../../lib/api-client';
import type { GrantAccessResponse } from '../../../../schemas/types/wire/grant-access-response';

/** Clears the access cookie of this browser. */
export function revokeAccess(): Promise<GrantAccessResponse> {
  return request('POST', '/api/auth/revoke-access');
}
