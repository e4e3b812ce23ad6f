import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardTo } from './forward-request';

/**
 * The floor for "a Node server in front of the model service": a bare pipe with no framework, no
 * parsing and no checks, in a child process of its own like our server. Forwards every request to
 * FORWARD_TO (same path, method and headers) over keep-alive connections and pipes the answer back.
 */
const server = createServer(forwardTo(new URL(process.env.FORWARD_TO!)));
server.on('connection', (socket) => socket.setNoDelay(true));
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
