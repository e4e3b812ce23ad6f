import OpenAI, { APIError } from 'openai';
import { ERRORS, type ModelErrorCode } from '@mb/contracts/errors';
import { AppError } from '../common/app-error';

/**
 * The codes a failed model call is reported with, and the message of each (the spec's texts, in the shared error
 * table); nothing from the upstream answer is ever repeated.
 */
export const MODEL_ERROR_TEXT = Object.fromEntries(
  Object.entries(ERRORS).flatMap(([code, contract]) => ('serverText' in contract ? [[code, contract.serverText]] : [])),
) as Record<ModelErrorCode, string>;

export type { ModelErrorCode };

/** What any model call may fail with; only the assistant route reports ASSISTANT_API_UNAVAILABLE. */
export const MODEL_CALL_ERRORS = (Object.keys(MODEL_ERROR_TEXT) as ModelErrorCode[]).filter(
  (code) => code !== 'ASSISTANT_API_UNAVAILABLE',
);

/** A failed model call, classified once: what to tell the user and whether another attempt may help. */
export class ModelFailure extends AppError {
  constructor(
    readonly modelCode: ModelErrorCode,
    readonly retryable: boolean,
    /** The upstream's Retry-After, when it sent one. */
    readonly retryAfterMs?: number,
    /** The upstream HTTP status, for logs. */
    readonly upstreamStatus?: number,
  ) {
    super(
      modelCode,
      MODEL_ERROR_TEXT[modelCode],
      undefined,
      retryAfterMs !== undefined ? { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) } : {},
    );
  }

  /** Same failure under another code (e.g. the assistant call reporting itself unavailable). */
  as(code: ModelErrorCode): ModelFailure {
    return new ModelFailure(code, this.retryable, this.retryAfterMs, this.upstreamStatus);
  }

  /** A key problem fails the same way whichever strategy or attempt comes next. */
  get isKeyProblem(): boolean {
    return this.modelCode === 'NO_API_KEY' || this.modelCode === 'UNAUTHORIZED';
  }

  /** For logs: the code and status, never the upstream's words (they can quote the key). */
  describe(): string {
    return `${this.modelCode}${this.upstreamStatus ? ` (upstream status ${this.upstreamStatus})` : ''}`;
  }

  static noApiKey(): ModelFailure {
    return new ModelFailure('NO_API_KEY', false);
  }
}

/**
 * The service refused the request as longer than the model's context window, with what it said of it: the
 * window, and how many tokens it counted in the messages (its tokenizer, which may count more than ours).
 */
export class ContextOverflow extends ModelFailure {
  constructor(
    readonly statedWindow: number | undefined,
    upstreamStatus?: number,
    readonly counted: { promptTokens?: number; requestedTokens?: number } = {},
  ) {
    super('UPSTREAM_ERROR', false, undefined, upstreamStatus);
  }

  override describe(): string {
    return `context length exceeded${this.statedWindow ? ` (window ${this.statedWindow})` : ''}`;
  }
}

const CONTEXT_MESSAGE = /context length|context window|maximum context|too many tokens|prompt is too long/i;
const STATED_WINDOW = /(?:maximum context length|context window|context length)(?: of| is)?\s*(\d[\d,]*)/i;
/** "(8000 in the messages, ...)" (vLLM, OpenAI) or "your messages resulted in 8000 tokens" (OpenAI). */
const PROMPT_TOKENS = /(\d[\d,]*) in the messages|messages resulted in (\d[\d,]*) tokens/i;
const REQUESTED_TOKENS = /requested (\d[\d,]*) tokens/i;

function numberIn(match: RegExpExecArray | null): number | undefined {
  const digits = match?.slice(1).find((group) => group !== undefined);
  const value = digits ? Number(digits.replace(/,/g, '')) : NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function contextOverflow(error: APIError): ContextOverflow | undefined {
  if (error.code !== 'context_length_exceeded' && !CONTEXT_MESSAGE.test(error.message)) return undefined;
  return new ContextOverflow(numberIn(STATED_WINDOW.exec(error.message)), error.status, {
    promptTokens: numberIn(PROMPT_TOKENS.exec(error.message)),
    requestedTokens: numberIn(REQUESTED_TOKENS.exec(error.message)),
  });
}

/** The model or its server does not take function calls (many local models): the call is made again without tools. */
export class ToolsRefused extends ModelFailure {
  constructor(upstreamStatus?: number) {
    super('UPSTREAM_ERROR', false, undefined, upstreamStatus);
  }

  override describe(): string {
    return 'tools refused by the model';
  }
}

const TOOLS_MESSAGE = /\btools?\b|function[ _-]?call|tool_choice|\bfunctions?\b/i;

/** The stop was asked for (user stop, shutdown): not a failure to report or retry. */
export class ModelCallAborted extends Error {
  constructor() {
    super('The model call was stopped');
  }
}

/** How long the service asks to wait; an HTTP date is read against `now` (ms). */
export function retryAfterMs(headers: Headers | undefined, now: number): number | undefined {
  const value = headers?.get('retry-after-ms') ?? undefined;
  if (value && Number.isFinite(Number(value))) return Math.max(0, Number(value));
  const header = headers?.get('retry-after');
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000;
  // Otherwise only an HTTP date counts (Date.parse would also read "-1" as a year).
  if (!/[a-z]/i.test(header)) return undefined;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// A predicate, because `instanceof` alone narrows to the class with `any` type arguments.
const isApiError = (error: unknown): error is APIError => error instanceof APIError;

const mentionsApiKey = (error: APIError) => /api[ _-]?key/i.test(`${error.message} ${String(error.code ?? '')}`);

/** The one place where upstream errors become the spec's codes (and the spec's retry rules); `now` in ms. */
export function classifyModelError(error: unknown, now: number): ModelFailure | ModelCallAborted {
  if (error instanceof ModelFailure || error instanceof ModelCallAborted) return error;
  if (error instanceof OpenAI.APIUserAbortError) return new ModelCallAborted();
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ModelFailure('TIMEOUT', true);
  if (error instanceof OpenAI.APIConnectionError) return new ModelFailure('NETWORK_ERROR', true);
  if (isApiError(error) && error.status !== undefined) {
    const status = error.status;
    const wait = retryAfterMs(error.headers, now);
    if (status === 401 || (status === 400 && mentionsApiKey(error)))
      return new ModelFailure('UNAUTHORIZED', false, undefined, status);
    const overflow = status === 400 ? contextOverflow(error) : undefined;
    if (overflow) return overflow;
    if ((status === 400 || status === 422) && TOOLS_MESSAGE.test(error.message)) return new ToolsRefused(status);
    // An exhausted quota is a 429 too, but waiting does not refill it.
    if (status === 429) return new ModelFailure('RATE_LIMIT', error.code !== 'insufficient_quota', wait, status);
    if (status === 504) return new ModelFailure('TIMEOUT', true, wait, status);
    if (status === 502) return new ModelFailure('UPSTREAM_ERROR', true, wait, status);
    return new ModelFailure('UPSTREAM_ERROR', false, undefined, status);
  }
  if (error instanceof Error && error.name === 'AbortError') return new ModelCallAborted();
  return new ModelFailure('NETWORK_ERROR', true);
}
