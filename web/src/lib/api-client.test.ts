// @vitest-environment node
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, isNetworkFailure, modelKeyHeader, NetworkError, request, sendRequest } from './api-client';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

let fetchMock: Mock<Fetch>;

/** Answers every call with `response` and records what was sent. */
function answer(response: () => Response) {
  fetchMock = vi.fn<Fetch>(() => Promise.resolve().then(response));
  vi.stubGlobal('fetch', fetchMock);
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

function sent() {
  const [path, init = {}] = fetchMock.mock.calls[0];
  return { path, init, headers: new Headers(init.headers) };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => answer(() => json({ ok: true })));

describe(request.name, () => {
  it('sends cookies with every call and asks for JSON', async () => {
    await request('GET', '/api/settings');

    const { path, init, headers } = sent();
    expect(path).toBe('/api/settings');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(headers.get('accept')).toBe('application/json');
  });

  it.each(['POST', 'PUT', 'PATCH'])('sends a %s body as JSON', async (method) => {
    await request(method, '/api/chat/sessions', { body: { title: 'New Chat' } });

    const { init, headers } = sent();
    expect(headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"title":"New Chat"}');
  });

  it.each(['GET', 'DELETE'])('declares no content type for %s', async (method) => {
    await request(method, '/api/chat/sessions/s1');

    expect(sent().headers.has('content-type')).toBe(false);
  });

  it('sends a string body as it is', async () => {
    await request('POST', '/api/access', { body: '{"code":"abc"}' });

    expect(sent().init.body).toBe('{"code":"abc"}');
  });

  it('sends the user’s key in X-OpenAI-Key when one is given', async () => {
    await request('POST', '/api/chat/turns', { body: {}, modelKey: 'sk-user-key' });

    expect(modelKeyHeader).toBe('X-OpenAI-Key');
    expect(sent().headers.get('x-openai-key')).toBe('sk-user-key');
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
  ])('sends no key header when the key is %s', async (_case, modelKey) => {
    await request('POST', '/api/chat/turns', { body: {}, modelKey });

    expect(sent().headers.has('x-openai-key')).toBe(false);
  });

  it('lets the caller’s headers and signal through', async () => {
    const controller = new AbortController();

    await request('GET', '/api/chat/sessions/s1/turn', {
      headers: { Accept: 'text/event-stream' },
      signal: controller.signal,
    });

    expect(sent().headers.get('accept')).toBe('text/event-stream');
    expect(sent().init.signal).toBe(controller.signal);
  });

  it('parses a JSON answer', async () => {
    answer(() => json({ hasOpenAIKey: true }, { headers: { 'content-type': 'application/json; charset=utf-8' } }));

    await expect(request('GET', '/api/settings')).resolves.toEqual({ hasOpenAIKey: true });
  });

  it('reads any other answer as text', async () => {
    answer(() => new Response('{"looks":"like json"}', { headers: { 'content-type': 'text/plain' } }));

    await expect(request('GET', '/api/plain')).resolves.toBe('{"looks":"like json"}');
  });

  it('resolves to undefined for 204 No Content', async () => {
    answer(() => new Response(null, { status: 204 }));

    await expect(request('DELETE', '/api/chat/sessions/s1')).resolves.toBeUndefined();
  });

  describe('on a non-success answer', () => {
    it('throws an ApiError whose message is "<status>: <body text>"', async () => {
      answer(() => new Response('Session not found', { status: 404, statusText: 'Not Found' }));

      const error = await failureOf(request('GET', '/api/chat/sessions/missing'));

      expect(error.message).toBe('404: Session not found');
      expect(error.status).toBe(404);
      expect(error.code).toBeUndefined();
      expect(error.body).toBeNull();
    });

    it('uses the status text when the body is empty', async () => {
      answer(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));

      expect((await failureOf(request('GET', '/api/settings'))).message).toBe('503: Service Unavailable');
    });

    it('takes the code and body from a JSON error body', async () => {
      const body = { statusCode: 429, code: 'RATE_LIMIT', message: 'Slow down.' };
      answer(() => json(body, { status: 429, statusText: 'Too Many Requests' }));

      const error = await failureOf(request('POST', '/api/chat/turns', { body: {} }));

      expect(error.code).toBe('RATE_LIMIT');
      expect(error.body).toEqual(body);
      expect(error.message).toBe(`429: ${JSON.stringify(body)}`);
    });

    it('reads Retry-After as seconds to wait', async () => {
      answer(
        () => new Response('', { status: 429, statusText: 'Too Many Requests', headers: { 'retry-after': '30' } }),
      );

      expect((await failureOf(request('GET', '/api/x'))).retryAfterSeconds).toBe(30);
    });

    it.each([
      ['absent', undefined],
      ['not a number', 'soon'],
      ['zero', '0'],
    ])('has no wait when Retry-After is %s', async (_case, retryAfter) => {
      const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
      answer(() => new Response('', { status: 429, statusText: 'Too Many Requests', headers }));

      expect((await failureOf(request('GET', '/api/x'))).retryAfterSeconds).toBeNull();
    });
  });
});

describe(sendRequest.name, () => {
  it('returns the response itself, body unread, for streaming', async () => {
    answer(() => new Response('data: {}\n\n', { headers: { 'content-type': 'text/event-stream' } }));

    const response = await sendRequest('POST', '/api/chat/turns', { body: {} });

    expect(response.bodyUsed).toBe(false);
    await expect(response.text()).resolves.toBe('data: {}\n\n');
  });

  it('throws the same ApiError on a non-success answer', async () => {
    answer(() => new Response('No key', { status: 400, statusText: 'Bad Request' }));

    expect((await failureOf(sendRequest('POST', '/api/chat/turns', { body: {} }))).message).toBe('400: No key');
  });

  it('turns a fetch that never got an answer into a NetworkError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock = vi.fn<Fetch>(() => Promise.reject(cause));
    vi.stubGlobal('fetch', fetchMock);

    const error = await sendRequest('GET', '/api/settings').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(cause);
    expect(isNetworkFailure(error)).toBe(true);
    expect(isNetworkFailure(new TypeError('a bug, not the network'))).toBe(false);
  });

  it('leaves an abort by the caller as it is', async () => {
    const controller = new AbortController();
    fetchMock = vi.fn<Fetch>(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    vi.stubGlobal('fetch', fetchMock);

    const error = await sendRequest('GET', '/api/settings', { signal: controller.signal }).catch(
      (failure: unknown) => failure,
    );
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
