import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpServerState } from '@mb/contracts/types/wire/tools-response';
import {
  durationText,
  httpFailureText,
  httpStatusOf,
  isConnectionClosed,
  isTimeout,
  redact,
  shortMessage,
  spawnFailureText,
} from './connection-errors';
import { type HttpServerConfig, type McpServerConfig, secretsOf, type StdioServerConfig } from './mcp-server-config';
import { StderrTail } from './stderr-tail';

/** A connected, initialized MCP session over one of the transports. */
export interface McpSession {
  client: Client;
  transport: McpServerState['transport'];
  /** The child's process id (stdio). */
  pid?: number;
  /**
   * What an error of the transport means once connected: the session is gone (a legacy event stream that broke),
   * it may be (Streamable HTTP retries its stream by itself: ask the server), or nothing (stdio: only exit counts).
   */
  onTransportError: 'lost' | 'check' | 'ignore';
  /** Why the session ended when its transport closed by itself, in a few words. */
  endedBecause(): string;
  /** Ends the session and, for stdio, the child process. */
  close(): Promise<void>;
}

/** A connection attempt that failed, its message already a short sentence without secrets. */
export class ConnectFailed extends Error {}

export interface OpenContext {
  /** A new SDK client, its handlers set by the caller. */
  newClient: () => Client;
  /** The SDK's timeout for each request of the handshake. */
  timeoutMs: number;
  /** Aborted when the attempt is given up (its deadline, or stop): whatever was opened is closed before rejecting. */
  signal: AbortSignal;
}

type Opener<C extends McpServerConfig> = (server: C, context: OpenContext) => Promise<McpSession>;

/** How each kind of configured server is connected. */
const openers: { [K in McpServerConfig['transport']]: Opener<Extract<McpServerConfig, { transport: K }>> } = {
  stdio: openStdio,
  http: openHttp,
};

/** Connects and initializes a session with the server; fails with a ConnectFailed whose message says why. */
export function openSession(server: McpServerConfig, context: OpenContext): Promise<McpSession> {
  return (openers[server.transport] as Opener<McpServerConfig>)(server, context);
}

/** A child that ignores the end of its stdin is sent SIGTERM after this long (the SDK itself waits 2 s). */
export const STDIO_EXIT_GRACE_MS = 500;

async function openStdio(server: StdioServerConfig, context: OpenContext): Promise<McpSession> {
  const tail = new StderrTail(secretsOf(server));
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    // The SDK's few safe variables and the entry's own: never the app's environment, which holds its secrets.
    env: { ...getDefaultEnvironment(), ...server.env },
    ...(server.cwd !== undefined && { cwd: server.cwd }),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  let exited = false;
  // Set before connecting: the SDK's client keeps this handler and calls it before its own.
  transport.onclose = () => {
    exited = true;
  };
  const client = context.newClient();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const pid = transport.pid;
      const terminate = setTimeout(() => {
        if (!exited && pid) killQuietly(pid);
      }, STDIO_EXIT_GRACE_MS);
      await client.close().catch(() => undefined);
      clearTimeout(terminate);
    })());
  try {
    await untilAborted(client.connect(transport, { timeout: context.timeoutMs }), context.signal);
  } catch (error) {
    await close();
    // The child's last words may still be on their way through the stderr pipe.
    await new Promise((resolve) => setImmediate(resolve));
    throw new ConnectFailed(stdioFailureText(error, server, tail, context.timeoutMs));
  }
  tail.clear();
  return {
    client,
    transport: 'stdio',
    pid: transport.pid ?? undefined,
    onTransportError: 'ignore',
    endedBecause: () => {
      const said = tail.last();
      return said ? `the server process exited: ${said}` : 'the server process exited';
    },
    close,
  };
}

function stdioFailureText(error: unknown, server: StdioServerConfig, tail: StderrTail, timeoutMs: number): string {
  if (error instanceof ConnectFailed) return error.message;
  const spawnFailure = spawnFailureText(error, server);
  if (spawnFailure) return spawnFailure;
  if (isTimeout(error)) return `timed out after ${durationText(timeoutMs)}`;
  const said = tail.last();
  if (isConnectionClosed(error)) return `the server process exited before it answered${said ? `: ${said}` : ''}`;
  return redact(shortMessage(error), secretsOf(server));
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Streamable HTTP first; a server that answers its initialize with 404 or 405 is a legacy HTTP+SSE one. */
async function openHttp(server: HttpServerConfig, context: OpenContext): Promise<McpSession> {
  // Loaded on first use: only a deployment with an HTTP server needs them (and their event-stream parsers).
  const [{ StreamableHTTPClientTransport }, { SSEClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
  ]);
  const url = new URL(server.url);
  const requestInit: RequestInit = { headers: server.headers };
  const failure = (error: unknown) =>
    error instanceof ConnectFailed
      ? error
      : new ConnectFailed(
          isTimeout(error)
            ? `timed out after ${durationText(context.timeoutMs)}`
            : redact(httpFailureText(error, url), secretsOf(server)),
        );

  const client = context.newClient();
  const transport = new StreamableHTTPClientTransport(url, { requestInit });
  try {
    await untilAborted(client.connect(transport, { timeout: context.timeoutMs }), context.signal);
    return {
      client,
      transport: 'streamable-http',
      onTransportError: 'check',
      endedBecause: () => 'the connection closed',
      close: async () => {
        // Tell the server the session is over (a DELETE), but never wait long for a server that is gone.
        await Promise.race([transport.terminateSession().catch(() => undefined), delay(1000)]);
        await client.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    const status = httpStatusOf(error);
    if (status !== 404 && status !== 405) throw failure(error);
  }

  const legacy = context.newClient();
  try {
    // The SDK waits for the stream's endpoint event without a timeout of its own: the signal bounds it.
    await untilAborted(
      legacy.connect(new SSEClientTransport(url, { requestInit }), { timeout: context.timeoutMs }),
      context.signal,
    );
  } catch (error) {
    await legacy.close().catch(() => undefined);
    throw failure(error);
  }
  return {
    client: legacy,
    transport: 'sse',
    // A legacy server keeps the session only as long as its event stream: once that breaks, the session is gone.
    onTransportError: 'lost',
    endedBecause: () => 'the event stream closed',
    close: () => legacy.close().catch(() => undefined),
  };
}

/** The promise, or the signal's reason as soon as it aborts (the promise is left to settle on its own). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
