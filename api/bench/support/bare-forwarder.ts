import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The floor for "a Node server in front of the model service": a bare pipe with no framework, no
 * parsing and no checks, in a child process of its own like our server. Forwards every request to
 * FORWARD_TO (same path, method and headers) over keep-alive connections and pipes the answer back.
 */
const target = new URL(process.env.FORWARD_TO!);
const upstream = new Agent({ keepAlive: true });

const server = createServer((req, res) => {
  const forwarded = request(
    {
      host: target.hostname,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: req.headers,
      agent: upstream,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => res.destroy());
  req.pipe(forwarded);
});
server.on('connection', (socket) => socket.setNoDelay(true));
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
