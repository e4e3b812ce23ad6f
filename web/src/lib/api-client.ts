/**
 * The one way the browser talks to the API. Cookies always travel (the access cookie is HttpOnly),
 * bodies go as JSON, JSON answers are parsed and anything else is read as text. A non-success answer
 * becomes an ApiError whose message follows the spec: `<status>: <body text or status text>`.
 */

import type { ErrorCode } from '@mb/contracts/types/wire/error-code';
import type { ErrorResponse } from '@mb/contracts/types/wire/error-response';

export const modelKeyHeader = 'X-OpenAI-Key';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    bodyText: string,
    statusText: string,
    /** The server's error body, when it sent one. */
    readonly body: ErrorResponse | null,
    /** Seconds the server asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's error code (e.g. NO_API_KEY, RATE_LIMIT), when it sent one. */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

/** The request never got an answer: offline, DNS, the server down. Not an error answer. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Could not reach the server.', { cause });
    this.name = 'NetworkError';
  }
}

export type RequestOptions = {
  body?: unknown;
  /** A key the user entered: sent for this request only, in the one header the server reads. */
  modelKey?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

const writeMethods = new Set(['POST', 'PUT', 'PATCH']);

export async function sendRequest(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (writeMethods.has(method)) headers['Content-Type'] = 'application/json';
  if (options.modelKey) headers[modelKeyHeader] = options.modelKey;
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (error) {
    // An abort is the caller's own doing and stays recognisable as one.
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

export async function request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  const response = await sendRequest(method, path, options);
  if (response.status === 204) return undefined as T;
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return (isJson ? await response.json() : await response.text()) as T;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: ErrorResponse | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isErrorResponse(parsed)) body = parsed;
  } catch {
    // Not JSON: the text alone describes the failure.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    text,
    response.statusText,
    body,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** The shape of the API's error body (schemas/wire/error-response.schema.json); anything else is just text. */
function isErrorResponse(value: unknown): value is ErrorResponse {
  if (!value || typeof value !== 'object') return false;
  const { statusCode, code, message, details } = value as Record<string, unknown>;
  return (
    typeof statusCode === 'number' &&
    typeof code === 'string' &&
    typeof message === 'string' &&
    (details === undefined || (Array.isArray(details) && details.every((detail) => typeof detail === 'string')))
  );
}

/** The error code of a failure, whether it came from an HTTP answer or a stream event. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (error instanceof ApiError) return error.code;
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code as ErrorCode;
  }
  return undefined;
}

/** True for a request that never got an answer (offline, server down), as opposed to an error answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof NetworkError;
}
