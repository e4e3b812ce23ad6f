import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The shape of the OpenAI SDK's `fetch` option. */
export type UpstreamFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Statuses whose Response must have no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

const decoders: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The transport of the OpenAI SDK (its `fetch` option): node:http(s) over keep-alive agents instead of
 * the global fetch. Measured on our one-shot completions, the global fetch's WHATWG machinery and its
 * WebAssembly HTTP parser cost about 0.5 ms per call, and CPU for every streamed chunk. The SDK still
 * builds the requests and reads the answers; this only carries the bytes.
 */
export function createUpstreamFetch(): UpstreamFetch {
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      if (input instanceof Request) throw new TypeError('upstream fetch takes a URL, not a Request');
      const url = new URL(input);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new TypeError(`upstream fetch cannot reach ${url.protocol} URLs`);
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      const body = requestBody(init.body);
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const signal = init.signal ?? undefined;
      const request = send(
        url,
        { method: init.method ?? 'GET', headers, agent: agents[url.protocol], signal },
        (answer) => resolve(toResponse(answer, signal)),
      );
      request.on('error', reject);
      request.end(body);
    });
}

function requestBody(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError('upstream fetch sends only string and byte bodies');
}

function toResponse(answer: IncomingMessage, signal: AbortSignal | undefined): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.rawHeaders.length; i += 2) headers.append(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
  const init = { status: answer.statusCode ?? 502, statusText: answer.statusMessage, headers };
  if (NULL_BODY_STATUSES.has(init.status)) {
    answer.resume();
    return new Response(null, init);
  }
  const decode = decoders[String(answer.headers['content-encoding']).toLowerCase()];
  const body = decode ? pipeline(answer, decode(), () => undefined) : answer;
  return new Response(webStream(body, answer, signal), init);
}

/** The answer's bytes as they arrive; an abort errors the stream as the global fetch does (an AbortError). */
function webStream(body: Readable | NodeJS.ReadWriteStream, answer: IncomingMessage, signal?: AbortSignal) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onAbort = () => {
        answer.destroy();
        controller.error(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      body.on('data', (chunk: Buffer) =>
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
      );
      body.on('end', () => {
        settle();
        controller.close();
      });
      body.on('error', (error: Error) => {
        settle();
        if (!signal?.aborted) controller.error(error);
      });
    },
    cancel() {
      answer.destroy();
    },
  });
}
