import OpenAI from 'openai';
import { AppError } from '../common/app-error';
import {
  ContextOverflow,
  MODEL_ERROR_TEXT,
  ModelCallAborted,
  ModelFailure,
  classifyModelError,
  retryAfterMs,
} from './model-failure';

const LEAKED_KEY = 'sk-live-key-that-must-not-leak-0123456789';
/** The clock's time errors are classified at. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** What the SDK throws for an HTTP error answer. */
function apiError(
  status: number,
  error: { message?: string; code?: string | null; type?: string } = {},
  headers: Record<string, string> = {},
) {
  const body = {
    error: { message: `Upstream words ${LEAKED_KEY}`, type: 'server_error', param: null, code: null, ...error },
  };
  return OpenAI.APIError.generate(status, body, undefined, new Headers(headers));
}

function classified(error: unknown): ModelFailure {
  const result = classifyModelError(error, NOW);
  if (!(result instanceof ModelFailure)) throw new Error(`expected a ModelFailure, got ${result.constructor.name}`);
  return result;
}

const summary = (failure: ModelFailure) => ({
  modelCode: failure.modelCode,
  code: failure.code,
  status: failure.status,
  retryable: failure.retryable,
  retryAfterMs: failure.retryAfterMs,
  upstreamStatus: failure.upstreamStatus,
});

describe(classifyModelError.name, () => {
  it.each([
    [
      { code: 'context_length_exceeded', message: "This model's maximum context length is 8,192 tokens. However..." },
      8192,
    ],
    [{ code: 'context_length_exceeded', message: 'Please reduce the length of the messages.' }, undefined],
    [{ message: 'the request exceeds the available context size (context window of 4096 tokens)' }, 4096],
  ])('takes a context refusal %j as ContextOverflow with the window it states (%s), not retried', (error, window) => {
    const failure = classified(apiError(400, error));
    expect(failure).toBeInstanceOf(ContextOverflow);
    expect((failure as ContextOverflow).statedWindow).toBe(window);
    expect([failure.code, failure.retryable, failure.message]).toEqual([
      'UPSTREAM_ERROR',
      false,
      MODEL_ERROR_TEXT.UPSTREAM_ERROR,
    ]);
  });

  it.each([
    [
      "This model's maximum context length is 7500 tokens. However, you requested 9,120 tokens (8,120 in the messages, 1000 in the completion).",
      { promptTokens: 8120, requestedTokens: 9120 },
    ],
    [
      "This model's maximum context length is 8192 tokens. However, your messages resulted in 9034 tokens.",
      { promptTokens: 9034, requestedTokens: undefined },
    ],
    ['This model can read 4096 tokens; you requested 5000 tokens.', { promptTokens: undefined, requestedTokens: 5000 }],
  ])('reads how many tokens the service counted from %j', (message, counted) => {
    const failure = classified(apiError(400, { code: 'context_length_exceeded', message }));
    expect((failure as ContextOverflow).counted).toEqual(counted);
  });

  it('does not take any other 400 as a context refusal', () => {
    expect(classified(apiError(400, { message: 'Invalid value for temperature' }))).not.toBeInstanceOf(ContextOverflow);
  });

  it('takes a 401 as UNAUTHORIZED (502 to the client), not retried, even with a Retry-After', () => {
    const failure = classified(
      apiError(
        401,
        { message: `Incorrect API key provided: ${LEAKED_KEY}`, code: 'invalid_api_key' },
        { 'retry-after': '5' },
      ),
    );

    expect(summary(failure)).toEqual({
      modelCode: 'UNAUTHORIZED',
      code: 'UNAUTHORIZED',
      status: 502,
      retryable: false,
      retryAfterMs: undefined,
      upstreamStatus: 401,
    });
    expect(failure.headers).toEqual({});
  });

  it.each([
    ['the message names the API key', { message: 'You must provide an API key.' }],
    ['the message spells it api_key', { message: 'Invalid api_key in the request' }],
    ['the code names it', { message: 'Bad request', code: 'invalid_api_key' }],
  ])('takes a 400 as UNAUTHORIZED when %s', (_case, error) => {
    expect(summary(classified(apiError(400, error)))).toMatchObject({
      modelCode: 'UNAUTHORIZED',
      retryable: false,
      upstreamStatus: 400,
    });
  });

  it('takes a 400 about anything else as UPSTREAM_ERROR, not retried', () => {
    expect(
      summary(classified(apiError(400, { message: "'messages' must contain at least one message", code: null }))),
    ).toEqual({
      modelCode: 'UPSTREAM_ERROR',
      code: 'UPSTREAM_ERROR',
      status: 502,
      retryable: false,
      retryAfterMs: undefined,
      upstreamStatus: 400,
    });
  });

  it('takes a 429 as RATE_LIMIT (429 to the client), retryable, keeping the Retry-After as a header', () => {
    const failure = classified(
      apiError(429, { code: 'rate_limit_exceeded', type: 'requests' }, { 'retry-after': '7' }),
    );

    expect(summary(failure)).toEqual({
      modelCode: 'RATE_LIMIT',
      code: 'RATE_LIMIT',
      status: 429,
      retryable: true,
      retryAfterMs: 7000,
      upstreamStatus: 429,
    });
    expect(failure.headers).toEqual({ 'Retry-After': '7' });
  });

  it('takes a 429 without Retry-After as RATE_LIMIT with no wait and no header', () => {
    const failure = classified(apiError(429, { code: 'rate_limit_exceeded' }));

    expect(failure.retryAfterMs).toBeUndefined();
    expect(failure.headers).toEqual({});
  });

  it('does not retry a 429 for an exhausted quota (insufficient_quota)', () => {
    expect(
      summary(classified(apiError(429, { code: 'insufficient_quota', type: 'insufficient_quota' }))),
    ).toMatchObject({
      modelCode: 'RATE_LIMIT',
      status: 429,
      retryable: false,
    });
  });

  it('takes a 504 as TIMEOUT (504 to the client), retryable', () => {
    expect(summary(classified(apiError(504)))).toEqual({
      modelCode: 'TIMEOUT',
      code: 'TIMEOUT',
      status: 504,
      retryable: true,
      retryAfterMs: undefined,
      upstreamStatus: 504,
    });
  });

  it('takes a 502 as UPSTREAM_ERROR, retryable, with its Retry-After', () => {
    expect(summary(classified(apiError(502, {}, { 'retry-after': '2' })))).toEqual({
      modelCode: 'UPSTREAM_ERROR',
      code: 'UPSTREAM_ERROR',
      status: 502,
      retryable: true,
      retryAfterMs: 2000,
      upstreamStatus: 502,
    });
  });

  it.each([400, 403, 404, 409, 422, 500, 503])(
    'takes a %i as UPSTREAM_ERROR, not retried, whatever its Retry-After',
    (status) => {
      const failure = classified(apiError(status, { message: 'Something went wrong' }, { 'retry-after': '1' }));

      expect(summary(failure)).toEqual({
        modelCode: 'UPSTREAM_ERROR',
        code: 'UPSTREAM_ERROR',
        status: 502,
        retryable: false,
        retryAfterMs: undefined,
        upstreamStatus: status,
      });
    },
  );

  it('takes a connection timeout as TIMEOUT, retryable, with no upstream status', () => {
    expect(summary(classified(new OpenAI.APIConnectionTimeoutError()))).toEqual({
      modelCode: 'TIMEOUT',
      code: 'TIMEOUT',
      status: 504,
      retryable: true,
      retryAfterMs: undefined,
      upstreamStatus: undefined,
    });
  });

  it('takes a connection failure as NETWORK_ERROR (502 to the client), retryable', () => {
    const error = new OpenAI.APIConnectionError({
      message: 'Connection error.',
      cause: new Error('connect ECONNREFUSED 127.0.0.1:9'),
    });

    expect(summary(classified(error))).toEqual({
      modelCode: 'NETWORK_ERROR',
      code: 'NETWORK_ERROR',
      status: 502,
      retryable: true,
      retryAfterMs: undefined,
      upstreamStatus: undefined,
    });
  });

  it('takes an SDK abort, or any error named AbortError, as a stop: ModelCallAborted, not a failure', () => {
    expect(classifyModelError(new OpenAI.APIUserAbortError(), NOW)).toBeInstanceOf(ModelCallAborted);
    expect(
      classifyModelError(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }), NOW),
    ).toBeInstanceOf(ModelCallAborted);
  });

  it('takes anything else as NETWORK_ERROR, retryable', () => {
    for (const error of [new TypeError('fetch failed'), 'a string', undefined]) {
      expect(summary(classified(error))).toMatchObject({
        modelCode: 'NETWORK_ERROR',
        retryable: true,
        upstreamStatus: undefined,
      });
    }
  });

  it('returns an already classified failure or stop as it is', () => {
    const failure = new ModelFailure('RATE_LIMIT', true, 1500, 429);
    const stop = new ModelCallAborted();

    expect(classifyModelError(failure, NOW)).toBe(failure);
    expect(classifyModelError(stop, NOW)).toBe(stop);
  });

  it("answers with the user-facing text of its code, never the upstream's words nor the key they quote", () => {
    for (const status of [400, 401, 429, 500, 502, 504]) {
      const failure = classified(apiError(status, { message: `Incorrect API key provided: ${LEAKED_KEY}` }));

      expect(failure.message).toBe(MODEL_ERROR_TEXT[failure.modelCode]);
      expect(JSON.stringify(failure.toBody())).not.toContain(LEAKED_KEY);
      expect(failure.describe()).not.toContain(LEAKED_KEY);
      expect(failure.describe()).not.toContain('Incorrect API key');
    }
  });
});

describe(ModelFailure.name, () => {
  it('is an AppError whose body is the status, the code and the text of the code', () => {
    const failure = new ModelFailure('TIMEOUT', true, undefined, 504);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure.toBody()).toEqual({ statusCode: 504, code: 'TIMEOUT', message: MODEL_ERROR_TEXT.TIMEOUT });
  });

  it('rounds a Retry-After in milliseconds up to whole seconds for the header', () => {
    expect(new ModelFailure('RATE_LIMIT', true, 1500, 429).headers).toEqual({ 'Retry-After': '2' });
    expect(new ModelFailure('RATE_LIMIT', true, 120_000, 429).headers).toEqual({ 'Retry-After': '120' });
  });

  it('as() changes the code and keeps the retry facts', () => {
    const failure = new ModelFailure('UPSTREAM_ERROR', true, 3000, 502).as('ASSISTANT_API_UNAVAILABLE');

    expect(summary(failure)).toEqual({
      modelCode: 'ASSISTANT_API_UNAVAILABLE',
      code: 'ASSISTANT_API_UNAVAILABLE',
      status: 503,
      retryable: true,
      retryAfterMs: 3000,
      upstreamStatus: 502,
    });
    expect(failure.message).toBe('OpenAI Assistant API not available. Using standard chat completion API instead.');
  });

  it('calls only NO_API_KEY and UNAUTHORIZED key problems', () => {
    expect(ModelFailure.noApiKey().isKeyProblem).toBe(true);
    expect(new ModelFailure('UNAUTHORIZED', false, undefined, 401).isKeyProblem).toBe(true);
    for (const code of [
      'RATE_LIMIT',
      'TIMEOUT',
      'NETWORK_ERROR',
      'ASSISTANT_API_UNAVAILABLE',
      'UPSTREAM_ERROR',
    ] as const) {
      expect(new ModelFailure(code, true).isKeyProblem).toBe(false);
    }
  });

  it('noApiKey() is NO_API_KEY, 503, not retried', () => {
    expect(summary(ModelFailure.noApiKey())).toEqual({
      modelCode: 'NO_API_KEY',
      code: 'NO_API_KEY',
      status: 503,
      retryable: false,
      retryAfterMs: undefined,
      upstreamStatus: undefined,
    });
    expect(ModelFailure.noApiKey().message).toBe(MODEL_ERROR_TEXT.NO_API_KEY);
  });

  it('describes itself for logs by code and upstream status only', () => {
    expect(new ModelFailure('RATE_LIMIT', true, 1000, 429).describe()).toBe('RATE_LIMIT (upstream status 429)');
    expect(new ModelFailure('NETWORK_ERROR', true).describe()).toBe('NETWORK_ERROR');
  });
});

describe(retryAfterMs.name, () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);

  it('reads Retry-After seconds, whole or decimal, as milliseconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(retryAfterMs(new Headers({ 'retry-after': '0' }), now)).toBe(0);
  });

  it('prefers retry-after-ms when the service sends it', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }), now)).toBe(250);
  });

  it('reads an HTTP date as the time left until then, and a past date as no wait', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(now + 30_000).toUTCString() }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(now - 30_000).toUTCString() }), now)).toBe(0);
  });

  it('is undefined without headers, without the header, or for a value that is neither seconds nor a date', () => {
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });

  it('ignores a negative number instead of reading it as a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '-1' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '-5' }), now)).toBeUndefined();
  });
});
