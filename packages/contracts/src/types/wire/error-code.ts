/* eslint-disable */
/**
 * Generated from schemas/wire/error-code.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * The closed set of error codes the API answers with, in an error body and in a streaming turn's error event; each has one HTTP status (see each route's answers). Our own: VALIDATION_FAILED (`details` lists the problems), MALFORMED_JSON, ACCESS_REQUIRED (no valid access cookie), ACCESS_DENIED (a wrong access code), NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT (e.g. a reply already in progress, a message order taken), PAYLOAD_TOO_LARGE, MESSAGE_TOO_LONG (413: one message longer than the agent's model can read; the text says how long a message may be; nothing is stored), UNSUPPORTED_MEDIA_TYPE, FILE_TOO_LARGE (413: an attachment over its limit; nothing is kept), UNSUPPORTED_FILE (415: a file that is not a kind the agent takes, judged by its bytes), UNREADABLE_FILE (422: a corrupt or encrypted file, or one past a reader's limits), TOO_MANY_FILES (400: more attachments than the agent takes in one message), TOO_MANY_ATTEMPTS (wrong access codes, throttled; see Retry-After), FORBIDDEN_ORIGIN (403: a request that changes something, sent by a page of another origin than the app's own), FORBIDDEN (403: what the viewer may see but not do: change a chat someone else shared, call an agent meant for someone else; the text says which), INTERNAL (nothing more is said). The AI service: NO_API_KEY (neither the server nor the request has an OpenAI key), UNAUTHORIZED (the key was refused), RATE_LIMIT, TIMEOUT, NETWORK_ERROR (the server could not reach the AI service), ASSISTANT_API_UNAVAILABLE, UPSTREAM_ERROR (any other failure of the AI service). Web search: SEARCH_UNAVAILABLE (not configured), SEARCH_FAILED.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'MALFORMED_JSON'
  | 'ACCESS_REQUIRED'
  | 'ACCESS_DENIED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'MESSAGE_TOO_LONG'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'FILE_TOO_LARGE'
  | 'UNSUPPORTED_FILE'
  | 'UNREADABLE_FILE'
  | 'TOO_MANY_FILES'
  | 'TOO_MANY_ATTEMPTS'
  | 'FORBIDDEN_ORIGIN'
  | 'FORBIDDEN'
  | 'INTERNAL'
  | 'NO_API_KEY'
  | 'UNAUTHORIZED'
  | 'RATE_LIMIT'
  | 'TIMEOUT'
  | 'NETWORK_ERROR'
  | 'ASSISTANT_API_UNAVAILABLE'
  | 'UPSTREAM_ERROR'
  | 'SEARCH_UNAVAILABLE'
  | 'SEARCH_FAILED';
