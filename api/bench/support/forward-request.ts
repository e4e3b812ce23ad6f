import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * The whole of a bare forwarder: sends the request to `to` (same path, method and headers) over
 * keep-alive connections and pipes the answer back. Shared by the bench's two forwarders.
 */
export function forwardTo(to: URL): (req: IncomingMessage, res: ServerResponse) => void {
  const upstream = new Agent({ keepAlive: true });
  return (req, res) => {
    const forwarded = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers, agent: upstream },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  };
}
