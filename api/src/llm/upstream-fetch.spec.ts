import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { eventually } from '../../test/support/eventually';
import { createUpstreamFetch, type UpstreamFetch } from './upstream-fetch';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe(createUpstreamFetch.name, () => {
  let server: Server;
  let base: string;
  let received: Received[];
  let connections: number;
  let answer: (req: IncomingMessage, res: ServerResponse) => void;
  let sut: UpstreamFetch;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        answer(req, res);
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received = [];
    connections = 0;
    sut = createUpstreamFetch();
  });

  it('sends the method, headers and body, and answers with the status, headers and body', async () => {
    answer = (_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
      res.end('{"ok":true}');
    };
    const headers = new Headers({ authorization: 'Bearer sk-test', 'content-type': 'application/json' });
    const res = await sut(`${base}/v1/chat/completions`, { method: 'POST', headers, body: '{"model":"m"}' });

    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/v1/chat/completions',
        body: '{"model":"m"}',
        headers: expect.objectContaining({ authorization: 'Bearer sk-test', 'content-length': '13' }),
      }),
    ]);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('keeps the connection for the next call', async () => {
    answer = (_req, res) => res.end('{}');
    for (let i = 0; i < 3; i++) await (await sut(`${base}/v1/models`)).text();
    expect(connections).toBe(1);
  });

  it('hands an event stream over as it arrives, before it ends', async () => {
    let finish = () => undefined as void;
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      finish = () => res.end('data: last\n\n');
    };
    const reader = (await sut(`${base}/stream`, { method: 'POST', body: '{}' })).body!.getReader();

    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    finish();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: last\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('rejects with an AbortError when aborted before the answer', async () => {
    answer = () => undefined;
    const controller = new AbortController();
    const pending = sut(`${base}/hang`, { signal: controller.signal });
    // The request has reached the service, which never answers: the abort comes while the answer is awaited.
    await eventually(() => received.length === 1, 'the request at the service');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(received).toEqual([expect.objectContaining({ method: 'GET', url: '/hang' })]);
  });

  it('errors the body with an AbortError when aborted mid-stream', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
    };
    const controller = new AbortController();
    const reader = (await sut(`${base}/stream`, { signal: controller.signal })).body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects when the service cannot be reached', async () => {
    await expect(sut('http://127.0.0.1:1/v1/models')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('decodes a compressed answer', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync('{"zipped":true}'));
    };
    expect(await (await sut(`${base}/zipped`)).json()).toEqual({ zipped: true });
  });

  it('gives a 204 answer no body', async () => {
    answer = (_req, res) => res.writeHead(204).end();
    const res = await sut(`${base}/empty`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });
});
