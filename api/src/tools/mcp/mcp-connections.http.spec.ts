import { eventually } from '../../../test/support/eventually';
import { type EverythingHttp, recordingProxy, startEverythingHttp } from '../../../test/support/mcp/everything-server';
import { freePort } from '../../../test/support/server-process';
import { McpCallFailed, McpConnections, type McpServerConfig } from '.';

const HEADERS = { Authorization: 'Bearer spec-token', 'X-Spec-Client': 'mcp-connections' };

describe(`${McpConnections.name} over HTTP`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  const connections = (servers: McpServerConfig[], options = {}) => {
    const sut = new McpConnections(servers, {
      connectTimeoutMs: 5000,
      backoffMs: { first: 100, max: 1000 },
      ...options,
    });
    cleanups.push(() => sut.close());
    return sut;
  };
  const server = async (mode: 'streamableHttp' | 'sse', port?: number) => {
    const started = await startEverythingHttp(mode, port);
    cleanups.push(() => started.stop());
    return started;
  };
  const proxyTo = async (target: EverythingHttp) => {
    const proxy = await recordingProxy(target.port);
    cleanups.push(() => proxy.close());
    return proxy;
  };
  const statusOf = (sut: McpConnections, name: string) => sut.status().find((status) => status.name === name)!;
  const connectedTo = (sut: McpConnections, name: string) =>
    eventually(() => statusOf(sut, name).state === 'connected', `${name} connected`, { timeoutMs: 10_000 });
  const echo = (sut: McpConnections, name: string, message: string) =>
    sut.call(name, 'echo', { message }, { signal: new AbortController().signal, timeoutMs: 5000 });

  beforeAll(() => process.on('unhandledRejection', onUnhandled));
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it('connects over Streamable HTTP, calls tools, and sends the headers on every request', async () => {
    const everything = await server('streamableHttp');
    const proxy = await proxyTo(everything);
    const sut = connections([
      { name: 'remote', transport: 'http', url: `http://127.0.0.1:${proxy.port}/mcp`, headers: HEADERS },
    ]);
    sut.start();
    expect(statusOf(sut, 'remote')).toMatchObject({ transport: 'streamable-http', state: 'connecting' });
    await connectedTo(sut, 'remote');
    expect(statusOf(sut, 'remote').transport).toBe('streamable-http');
    expect(sut.tools('remote')!.map((tool) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    await expect(echo(sut, 'remote', 'over http')).resolves.toEqual({ text: 'Echo: over http', isError: false });

    await sut.close();
    const methods = new Set(proxy.requests.map((request) => request.method));
    expect(methods).toEqual(new Set(['POST', 'GET', 'DELETE']));
    for (const request of proxy.requests) {
      expect(request.headers).toMatchObject({ authorization: 'Bearer spec-token', 'x-spec-client': 'mcp-connections' });
    }
  });

  it('tells the server of a cancelled call (notifications/cancelled) and rejects at once', async () => {
    const everything = await server('streamableHttp');
    const proxy = await proxyTo(everything);
    const sut = connections([
      { name: 'remote', transport: 'http', url: `http://127.0.0.1:${proxy.port}/mcp`, headers: {} },
    ]);
    sut.start();
    await connectedTo(sut, 'remote');
    const controller = new AbortController();
    const calling = sut
      .call(
        'remote',
        'trigger-long-running-operation',
        { duration: 30, steps: 30 },
        { signal: controller.signal, timeoutMs: 60_000 },
      )
      .catch((error: unknown) => error);
    await eventually(
      () => proxy.requests.some((request) => request.body.includes('"trigger-long-running-operation"')),
      'the call sent to the server',
    );
    controller.abort();
    // At once: before the event loop turns, so without waiting for the server or any I/O.
    const nextTurn = new Promise((resolve) => setImmediate(() => resolve('still pending')));
    expect(await Promise.race([calling, nextTurn])).toMatchObject({ reason: 'cancelled' });
    const call = proxy.requests.find((request) => request.body.includes('"trigger-long-running-operation"'))!;
    const requestId = (JSON.parse(call.body) as { id: number }).id;
    await eventually(
      () => proxy.requests.some((request) => request.body.includes('notifications/cancelled')),
      'the cancellation posted',
    );
    const cancellation = proxy.requests.find((request) => request.body.includes('notifications/cancelled'))!;
    expect(JSON.parse(cancellation.body)).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId },
    });
  });

  it('falls back to the legacy HTTP+SSE transport at the same URL when Streamable HTTP is answered with 404', async () => {
    const everything = await server('sse');
    const proxy = await proxyTo(everything);
    const sut = connections([
      { name: 'legacy', transport: 'http', url: `http://127.0.0.1:${proxy.port}/sse`, headers: HEADERS },
    ]);
    sut.start();
    await connectedTo(sut, 'legacy');
    expect(statusOf(sut, 'legacy')).toMatchObject({ transport: 'sse', state: 'connected' });
    await expect(echo(sut, 'legacy', 'over sse')).resolves.toEqual({ text: 'Echo: over sse', isError: false });

    const seen = proxy.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`);
    expect(seen.slice(0, 2)).toEqual(['POST /sse', 'GET /sse']);
    expect(seen).toContain('POST /message');
    for (const request of proxy.requests) {
      expect(request.headers).toMatchObject({ authorization: 'Bearer spec-token', 'x-spec-client': 'mcp-connections' });
    }
  });

  it('reconnects a Streamable HTTP server that went away once it is back', async () => {
    const first = await server('streamableHttp');
    const sut = connections([{ name: 'remote', transport: 'http', url: first.url, headers: {} }]);
    sut.start();
    await connectedTo(sut, 'remote');

    await first.stop();
    await eventually(() => statusOf(sut, 'remote').state !== 'connected', 'the loss noticed', { timeoutMs: 5000 });
    expect(sut.tools('remote')).toBeUndefined();
    await eventually(() => statusOf(sut, 'remote').lastError === 'connection refused', 'connection refused');
    expect(statusOf(sut, 'remote')).toMatchObject({ state: 'reconnecting', retryInMs: expect.any(Number) });

    await server('streamableHttp', first.port);
    await connectedTo(sut, 'remote');
    await expect(echo(sut, 'remote', 'back again')).resolves.toMatchObject({ text: 'Echo: back again' });
  });

  it('reconnects a legacy SSE server whose event stream broke', async () => {
    const first = await server('sse');
    const sut = connections([{ name: 'legacy', transport: 'http', url: first.url, headers: {} }]);
    sut.start();
    await connectedTo(sut, 'legacy');

    await first.stop();
    await eventually(() => statusOf(sut, 'legacy').state === 'reconnecting', 'reconnecting', { timeoutMs: 5000 });
    await server('sse', first.port);
    await connectedTo(sut, 'legacy');
    expect(statusOf(sut, 'legacy').transport).toBe('sse');
    await expect(echo(sut, 'legacy', 'back again')).resolves.toMatchObject({ text: 'Echo: back again' });
  });

  it.each([
    ['nothing listens on the port', async () => `http://127.0.0.1:${await freePort()}/mcp`, 'connection refused'],
    [
      'the host does not exist',
      () => Promise.resolve('http://mcp-spec.invalid/mcp'),
      'host not found: mcp-spec.invalid',
    ],
    [
      'the path is wrong on both transports',
      async () => `http://127.0.0.1:${(await server('streamableHttp')).port}/nope`,
      'the server answered HTTP 404',
    ],
  ])('fails with a short reason when %s, and retries', async (_case, urlOf, reason) => {
    const sut = connections([{ name: 'remote', transport: 'http', url: await urlOf(), headers: {} }]);
    sut.start();
    await eventually(() => statusOf(sut, 'remote').lastError, 'a last error', { timeoutMs: 5000 });
    expect(statusOf(sut, 'remote')).toMatchObject({
      state: 'reconnecting',
      lastError: reason,
      retryInMs: expect.any(Number),
      tools: [],
    });
    await expect(echo(sut, 'remote', 'x')).rejects.toBeInstanceOf(McpCallFailed);
  });

  it('keeps secrets of the URL out of its errors', async () => {
    const port = await freePort();
    const sut = connections([
      { name: 'remote', transport: 'http', url: `http://127.0.0.1:${port}/mcp?key=url-secret-value`, headers: {} },
    ]);
    sut.start();
    await eventually(() => statusOf(sut, 'remote').lastError, 'a last error', { timeoutMs: 5000 });
    expect(JSON.stringify(sut.status())).not.toContain('url-secret-value');
  });
});
