import type { ErrorCode } from './types/wire/error-code';

export type { ErrorCode };

/** How a failure is put to the user: a title where the spec gives one, and the sentence to read. */
export interface FailureWording {
  title?: string;
  text: string;
  /** Another key may fix it: the chat notice offers to reconnect. */
  reconnect?: boolean;
}

/** Everything both ends know of one error code. */
export interface ErrorContract {
  /** The HTTP status the server answers it with. */
  status: number;
  /**
   * Who words it for the user. 'client': the browser shows `wording` (the spec's texts), whatever the server's
   * message says. 'server': the server's own message (and its details) says it best, and the browser shows it.
   */
  visibility: 'client' | 'server';
  wording?: FailureWording;
  /**
   * What the server says for a failure of the model service (the spec's texts): never the upstream's own words,
   * which can quote a key.
   */
  serverText?: string;
  /** A refusal of what the user wrote: nothing was stored, the draft stays, and it is said plainly in every style. */
  refusesInput?: true;
}

const shownByServer = (status: number, extra: Partial<ErrorContract> = {}): ErrorContract => ({
  status,
  visibility: 'server',
  ...extra,
});

/**
 * The closed set of error codes (schemas/wire/error-code.schema.json), one row each: the server answers with the
 * status, the chat notice, toasts and the key form word it. A code added to the schema fails the build until it
 * has a row. 401 stays reserved for our own access check: the model service's key problems are 502 or 503.
 */
export const ERRORS = {
  VALIDATION_FAILED: shownByServer(400),
  MALFORMED_JSON: shownByServer(400),
  ACCESS_REQUIRED: {
    status: 401,
    visibility: 'client',
    wording: { title: 'Access Required', text: 'Please enter the access code to view this page.' },
  },
  ACCESS_DENIED: {
    status: 401,
    visibility: 'client',
    wording: { title: 'Access Denied', text: 'Invalid passcode. Please try again.' },
  },
  NOT_FOUND: shownByServer(404),
  METHOD_NOT_ALLOWED: shownByServer(405),
  CONFLICT: shownByServer(409),
  PAYLOAD_TOO_LARGE: shownByServer(413),
  MESSAGE_TOO_LONG: shownByServer(413, { refusesInput: true }),
  UNSUPPORTED_MEDIA_TYPE: shownByServer(415),
  FILE_TOO_LARGE: shownByServer(413, { refusesInput: true }),
  UNSUPPORTED_FILE: shownByServer(415, { refusesInput: true }),
  UNREADABLE_FILE: shownByServer(422, { refusesInput: true }),
  TOO_MANY_FILES: shownByServer(400, { refusesInput: true }),
  TOO_MANY_ATTEMPTS: {
    status: 429,
    visibility: 'client',
    wording: { title: 'Access Denied', text: 'Too many attempts. Please wait a few minutes and try again.' },
  },
  FORBIDDEN_ORIGIN: shownByServer(403),
  FORBIDDEN: shownByServer(403),
  INTERNAL: shownByServer(500),
  NO_API_KEY: {
    status: 503,
    visibility: 'client',
    serverText: 'OpenAI not initiated. Please provide an API key. Try again or check network connection.',
    wording: {
      title: 'API Key Required',
      text: 'OpenAI API key is missing or invalid. Please provide a valid API key.',
      reconnect: true,
    },
  },
  UNAUTHORIZED: {
    status: 502,
    visibility: 'client',
    serverText: 'Your OpenAI API key appears to be invalid. Please check and try again.',
    wording: {
      title: 'API Key Invalid',
      text: 'Your OpenAI API key appears to be invalid. Please check and try again.',
      reconnect: true,
    },
  },
  RATE_LIMIT: {
    status: 429,
    visibility: 'client',
    serverText: 'OpenAI rate limit exceeded. Please wait a moment and try again.',
    wording: { title: 'Rate Limit Exceeded', text: 'OpenAI rate limit exceeded. Please wait a moment and try again.' },
  },
  TIMEOUT: {
    status: 504,
    visibility: 'client',
    serverText: 'OpenAI did not answer in time. Please try again.',
    wording: { text: 'OpenAI did not answer in time. Please try again.' },
  },
  NETWORK_ERROR: {
    status: 502,
    visibility: 'client',
    serverText: 'Unable to connect to OpenAI. Please check your internet connection and try again.',
    wording: {
      title: 'Network Error',
      text: 'Unable to connect to OpenAI. Please check your internet connection and try again.',
    },
  },
  ASSISTANT_API_UNAVAILABLE: {
    status: 503,
    visibility: 'client',
    serverText: 'OpenAI Assistant API not available. Using standard chat completion API instead.',
    wording: { text: 'OpenAI Assistant API not available. Using standard chat completion API instead.' },
  },
  UPSTREAM_ERROR: {
    status: 502,
    visibility: 'server',
    serverText: 'The AI service could not answer. Please try again.',
  },
  SEARCH_UNAVAILABLE: shownByServer(503),
  SEARCH_FAILED: shownByServer(502),
} as const satisfies Record<ErrorCode, ErrorContract>;

/** The codes whose server text is the spec's sentence for a failure of the model service. */
export type ModelErrorCode = {
  [Code in ErrorCode]: (typeof ERRORS)[Code] extends { serverText: string } ? Code : never;
}[ErrorCode];
