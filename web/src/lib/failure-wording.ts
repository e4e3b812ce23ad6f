import { ERRORS, type ErrorCode, type FailureWording } from '@mb/contracts/errors';
import { errorCode, isNetworkFailure } from './api-client';

/**
 * Our own server gave no answer at all (offline, server down). Never sent by the server: it is not
 * NETWORK_ERROR, which is the server saying that it could not reach OpenAI.
 */
export const SERVER_UNREACHABLE = 'SERVER_UNREACHABLE';

/** Every failure the browser words: a code the server sends (the generated enum), or no answer at all. */
export type FailureCode = ErrorCode | typeof SERVER_UNREACHABLE;

export type { FailureWording };

/**
 * The one table of what users read for each failure, shared by the chat notice, the API key form and toasts:
 * the contracts' wording of every code the server sends (null: the server's own message and its details say it
 * best), and ours for no answer at all.
 */
export const failureWordings = {
  ...(Object.fromEntries(
    Object.entries(ERRORS).map(([code, contract]) => [code, 'wording' in contract ? contract.wording : null]),
  ) as Record<ErrorCode, FailureWording | null>),
  [SERVER_UNREACHABLE]: {
    title: 'Cannot reach the server',
    text: 'The server did not answer. Check your connection and try again.',
  },
} satisfies Record<FailureCode, FailureWording | null>;

/**
 * Refusals of what the user wrote (nothing was stored, the draft stays): the server's message says what to
 * change, whatever error style the agent file sets for failures of the service.
 */
export const inputRefusals: ReadonlySet<FailureCode> = new Set<FailureCode>(
  (Object.keys(ERRORS) as ErrorCode[]).filter((code) => 'refusesInput' in ERRORS[code]),
);

/** The failure's code: the server's (from an error answer or a stream's error event), or ours for no answer. */
export function failureCode(error: unknown): FailureCode | undefined {
  return isNetworkFailure(error) ? SERVER_UNREACHABLE : errorCode(error);
}

/** The words for a code, or undefined when the failure's own message should show (or the code is unknown). */
export function wordingOf(code: FailureCode | undefined): FailureWording | undefined {
  if (code === undefined || !Object.hasOwn(failureWordings, code)) return undefined;
  const wording: FailureWording | null = failureWordings[code];
  return wording ?? undefined;
}
