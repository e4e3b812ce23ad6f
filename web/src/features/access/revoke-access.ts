import { apiPath } from '@mb/contracts/api-paths';
import { request } from '../../lib/api-client';
import type { GrantAccessResponse } from '@mb/contracts/types/wire/grant-access-response';

/** Clears the access cookie of this browser. */
export function revokeAccess(): Promise<GrantAccessResponse> {
  return request('POST', apiPath('revokeAccess'));
}
