import type { ErrorCode } from '../../../schemas/types/wire/error-code';
import { errorCode, isNetworkFailure } from './api-client';

/**
 * Our own server gave no answer at all (offline, server down). Never sent by the server: it is not
 * NETWORK_ERROR, which is the server saying that it could not reach OpenAI.
 */
export const SERVER_UNREACHABLE = 'SERVER_UNREACHABLE';

/** Every failure the browser words: a code the server sends (the generated enum), or no answer at all. */
export type FailureCode = ErrorCode | typeof SERVER_UNREACHABLE;

/** How a failure is put to the user: a title where the spec gives one, and the sentence to read. */
export type FailureWording = {
  title?: string;
  text: string;
  /** Another key may fix it: the chat notice offers to reconnect. */
  reconnect?: boolean;
};

/**
 * The one table of what users read for each failure (the spec's texts where it has them), shared by
 * the chat notice, the API key form and toasts. null: the server's own message (and its details)
 * says it best. A code added to schemas/wire/error-code.schema.json fails the build until worded here.
 */
export const failureWordings = {
  NO_API_KEY: {
    title: 'API Key Required',
    text: 'OpenAI API key is missing or invalid. Please provide a valid API key.',
    reconnect: true,
  },
  UNAUTHORIZED: {
    title: 'API Key Invalid',
    text: 'Your OpenAI API key appears to be invalid. Please check and try again.',
    reconnect: true,
  },
  NETWORK_ERROR: {
    title: 'Network Error',
    text: 'Unable to connect to OpenAI. Please check your internet connection and try again.',
  },
  RATE_LIMIT: {
    title: 'Rate Limit Exceeded',
    text: 'OpenAI rate limit exceeded. Please wait a moment and try again.',
  },
  TIMEOUT: { text: 'OpenAI did not answer in time. Please try again.' },
  ASSISTANT_API_UNAVAILABLE: {
    text: 'OpenAI Assistant API not available. Using standard chat completion API instead.',
  },
  UPSTREAM_ERROR: null,
  SEARCH_UNAVAILABLE: null,
  SEARCH_FAILED: null,
  ACCESS_REQUIRED: { title: 'Access Required', text: 'Please enter the access code to view this page.' },
  ACCESS_DENIED: { title: 'Access Denied', text: 'Invalid passcode. Please try again.' },
  TOO_MANY_ATTEMPTS: { title: 'Access Denied', text: 'Too many attempts. Please wait a few minutes and try again.' },
  VALIDATION_FAILED: null,
  MALFORMED_JSON: null,
  NOT_FOUND: null,
  METHOD_NOT_ALLOWED: null,
  CONFLICT: null,
  PAYLOAD_TOO_LARGE: null,
  MESSAGE_TOO_LONG: null,
  UNSUPPORTED_MEDIA_TYPE: null,
  INTERNAL: null,
  [SERVER_UNREACHABLE]: {
    title: 'Cannot reach the server',
    text: 'The server did not answer. Check your connection and try again.',
  },
} as const satisfies Record<FailureCode, FailureWording | null>;

/**
 * Refusals of what the user wrote (nothing was stored, the draft stays): the server's message says what to
 * change, whatever error style the agent file sets for failures of the service.
 */
export const inputRefusals: ReadonlySet<FailureCode> = new Set<FailureCode>(['MESSAGE_TOO_LONG']);

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
