import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { StdioServerConfig } from '../../../src/tools/mcp';
import { eventually } from '../eventually';
import { freePort } from '../server-process';

/** The reference MCP server (@modelcontextprotocol/server-everything): every transport, and tools like echo. */
export const everythingServer = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** server-everything over stdio, run by this node. */
export function everythingOverStdio(name: string, env: Record<string, string> = {}): StdioServerConfig {
  return { name, transport: 'stdio', command: process.execPath, args: [everythingServer, 'stdio'], env };
}

/** A stdio "server" that is a node one-liner (one that fails in some way). */
export function nodeScript(name: string, script: string, env: Record<string, string> = {}): StdioServerConfig {
  return { name, transport: 'stdio', command: process.execPath, args: ['-e', script], env };
}

export interface EverythingHttp {
  port: number;
  /** The MCP endpoint: /mcp (Streamable HTTP) or /sse (legacy HTTP+SSE). */
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** server-everything in its `streamableHttp` or `sse` mode, listening on PORT (a free one unless given). */
export async function startEverythingHttp(mode: 'streamableHttp' | 'sse', port?: number): Promise<EverythingHttp> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, [everythingServer, mode], {
    env: { PATH: process.env.PATH, PORT: String(listenOn) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + String(chunk)).slice(-4000)));
  child.stderr.on('data', (chunk) => (output = (output + String(chunk)).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await eventually(
    () => {
      if (child.exitCode !== null) throw new Error(`server-everything ${mode} exited: ${output}`);
      return new RegExp(`port ${listenOn}`).test(output);
    },
    `server-everything ${mode} listening on ${listenOn}`,
    { timeoutMs: 15_000, intervalMs: 25 },
  );
  return {
    port: listenOn,
    url: `http://127.0.0.1:${listenOn}/${mode === 'sse' ? 'sse' : 'mcp'}`,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The request's body as it arrives (JSON-RPC messages, for a POST). */
  body: string;
}

/** A pass-through HTTP proxy to a local port that records every request it forwards (streams included). */
export async function recordingProxy(targetPort: number): Promise<{
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const recorded = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body: '' };
    requests.push(recorded);
    incoming.on('data', (chunk) => (recorded.body += String(chunk)));
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `127.0.0.1:${targetPort}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The processes this test process started that are still alive (zombies not counted), with their command lines. */
export function childProcesses(): Array<{ pid: number; command: string }> {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-o', 'pid=,stat=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when it lists nothing
  }
  return listing
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && !match[2].startsWith('Z'))
    .map((match) => ({ pid: Number(match[1]), command: match[3] }))
    .filter((child) => !child.command.startsWith('ps '));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .startsWith('Z');
  } catch {
    return false;
  }
}
