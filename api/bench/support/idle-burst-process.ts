import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Child of idle.bench.ts: an HTTP server and its keep-alive client in one process. Bursts of 200 requests
 * back to back, then one quiet spell, then bursts again; sends the CPU time of each burst over IPC.
 */
const BURST = 200;
const idleMs = Number(process.env.IDLE_MS);

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end(JSON.stringify({ ok: true, at: Date.now() })));
});
// Longer than the quiet spell: the bursts after it reuse the same connections, so only the process went idle.
server.keepAliveTimeout = idleMs + 60_000;

server.listen(0, '127.0.0.1', () => void measure((server.address() as AddressInfo).port));

async function measure(port: number): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  const post = () =>
    new Promise<unknown>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/', agent }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(JSON.parse(body)));
      });
      req.on('error', reject);
      req.end('{"hello":"world"}');
    });
  const burst = async () => {
    const before = process.cpuUsage();
    await Promise.all(Array.from({ length: BURST }, post));
    const { user, system } = process.cpuUsage(before);
    return (user + system) / 1000;
  };
  for (let i = 0; i < 30; i++) await burst();
  const backToBack: number[] = [];
  for (let i = 0; i < 10; i++) backToBack.push(await burst());
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const afterIdle: number[] = [];
  for (let i = 0; i < 6; i++) afterIdle.push(await burst());
  process.send!({ backToBack, afterIdle }, () => process.exit(0));
}
