import type { CheckAccessResponse } from '../../../../schemas/types/wire/check-access-response';
import type { GrantAccessRequest } from '../../../../schemas/types/wire/grant-access-request';
import type { GrantAccessResponse } from '../../../../schemas/types/wire/grant-access-response';
import { request } from '../api-client';

export const checkAccessKey = ['/api/auth/check-access'] as const;
export type { CheckAccessResponse };

/** The server compares the code (case-insensitively) and sets the access cookie on success. */
export function grantAccess(passcode: string): Promise<GrantAccessResponse> {
  const body: GrantAccessRequest = { passcode };
  return request('POST', '/api/auth/grant-access', { body });
}
