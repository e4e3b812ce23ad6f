import { connect } from 'node:net';

export interface RawRequest {
  method?: string;
  path: string;
  /** Header lines as sent, without Host (always the server's) and Connection (always close). */
  headers: Record<string, string>;
  /** The body's bytes, sent as they are: nothing checks that they match Content-Length. */
  body: Buffer | string;
  /**
   * How the client leaves: 'wait' sends everything and reads the answer; 'half-close' stops sending after the body
   * (FIN) and reads what comes back; 'reset' sends the body and then resets the connection (RST) without reading.
   */
  leave?: 'wait' | 'half-close' | 'reset';
  /** Waited for once the body is written, before the client leaves. */
  beforeLeaving?: () => Promise<unknown>;
}

export interface RawAnswer {
  /** The status of the answer, or undefined when the server closed without one. */
  status?: number;
  headers: string;
  body: string;
}

/** A server that refuses a body may close before reading all of it; what it answered still counts. */
const CLOSED_BY_SERVER = new Set(['ECONNRESET', 'EPIPE']);

/**
 * One HTTP/1.1 request over a plain socket, for what a well-behaved client (supertest, fetch) never sends: bodies
 * cut short or malformed, and connections reset in the middle.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawAnswer> {
  const head = [
    `${request.method ?? 'POST'} ${request.path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!CLOSED_BY_SERVER.has(error.code ?? '')) reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers, ...body] = text.split('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1];
      resolve({ status: status ? Number(status) : undefined, headers, body: body.join('\r\n\r\n') });
    });
    socket.write(head);
    socket.write(request.body, () => {
      void Promise.resolve(request.beforeLeaving?.()).then(() => {
        if (request.leave === 'reset') socket.resetAndDestroy();
        else if (request.leave === 'half-close') socket.end();
      }, reject);
    });
  });
}

/** A multipart body, written out by hand so that any part of it can be left out or broken. */
export const CRLF = '\r\n';
export const filePart = (boundary: string, name: string, filename: string, content: string, type = 'text/plain') =>
  `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"; filename="${filename}"${CRLF}` +
  `Content-Type: ${type}${CRLF}${CRLF}${content}`;
export const closing = (boundary: string) => `${CRLF}--${boundary}--${CRLF}`;
