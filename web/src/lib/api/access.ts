import { apiPath } from '@mb/contracts/api-paths';
import type { CheckAccessResponse } from '@mb/contracts/types/wire/check-access-response';
import type { GrantAccessRequest } from '@mb/contracts/types/wire/grant-access-request';
import type { GrantAccessResponse } from '@mb/contracts/types/wire/grant-access-response';
import { request } from '../api-client';
import { rememberAccessAnswer } from '../viewer';

export const checkAccessKey = [apiPath('checkAccess')] as const;
export type { CheckAccessResponse };

/** Asks whether this browser holds access, and keeps who is signed in (the client's viewer) before answering. */
export async function checkAccess({ signal }: { signal?: AbortSignal } = {}): Promise<CheckAccessResponse> {
  const answer = await request<CheckAccessResponse>('GET', apiPath('checkAccess'), { signal });
  rememberAccessAnswer(answer);
  return answer;
}

/** The server compares the code (case-insensitively) and sets the access cookie on success. */
export function grantAccess(passcode: string): Promise<GrantAccessResponse> {
  const body: GrantAccessRequest = { passcode };
  return request('POST', apiPath('grantAccess'), { body });
}
