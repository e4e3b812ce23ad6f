import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerState } from '@mb/contracts/types/wire/tools-response';
import { durationText, httpStatusOf, isConnectionClosed, shortMessage } from './connection-errors';
import { McpCallFailed } from './mcp-call-failed';
import type { McpServerConfig } from './mcp-server-config';
import { type McpLogger, McpServerConnection, type McpTool } from './mcp-server-connection';
import type { McpSession } from './mcp-sessions';
import { toolResultText } from './tool-result-text';

export type McpServerStatus = McpServerState;

export interface McpCallResult {
  text: string;
  isError: boolean;
}

export interface McpConnectionsOptions {
  logger?: McpLogger;
  /** How long one connection attempt (start, initialize, list tools) may take; 15 s by default. */
  connectTimeoutMs?: number;
  /** The wait before the next attempt: `first`, doubling up to `max` (1 s to 60 s by default). */
  backoffMs?: { first: number; max: number };
}

/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const quietLogger: McpLogger = { log: () => undefined, warn: () => undefined };

/**
 * The deployment's MCP servers, each connected in the background and kept connected: start() never waits and
 * never throws, a server that is down is retried with backoff, and a tool is called only on a connected server.
 */
export class McpConnections {
  private readonly connections = new Map<string, McpServerConnection>();
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(servers: McpServerConfig[], options: McpConnectionsOptions = {}) {
    const logger = options.logger ?? quietLogger;
    for (const server of servers) {
      this.connections.set(
        server.name,
        new McpServerConnection(server, {
          connectTimeoutMs: options.connectTimeoutMs ?? 15_000,
          backoffMs: options.backoffMs ?? { first: 1000, max: 60_000 },
          logger,
          changed: () => this.changed(),
        }),
      );
    }
  }

  /** Connects every server in the background; never throws, never waits: boot must not block on a server. */
  start(): void {
    if (this.closed) return;
    for (const connection of this.connections.values()) connection.start();
  }

  status(): McpServerStatus[] {
    return [...this.connections.values()].map((connection) => connection.status());
  }

  /** The server's tools while it is connected; undefined otherwise (or for a name that is not configured). */
  tools(server: string): McpTool[] | undefined {
    return this.connections.get(server)?.connected()?.tools;
  }

  /** The stdio child's process id while connected: for diagnostics and the tests that kill it. */
  processId(server: string): number | undefined {
    return this.connections.get(server)?.connected()?.session.pid;
  }

  /**
   * Calls a tool. A tool that ran and reported an error resolves with `isError`; a call that got no result
   * rejects with McpCallFailed: 'cancelled' at once when the signal aborts (the server is told with
   * notifications/cancelled), 'timeout' after timeoutMs (the server is told too), 'unavailable' when the server
   * is not connected or the connection is lost, 'failed' when the server refuses the request.
   */
  async call(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<McpCallResult> {
    const connection = this.connections.get(server);
    if (!connection) throw new McpCallFailed('unavailable', `No MCP server is named ${server}.`);
    const current = connection.connected();
    if (!current) {
      const why = connection.error ? ` (${connection.error})` : '';
      throw new McpCallFailed('unavailable', `The ${server} MCP server is not connected${why}.`);
    }
    if (options.signal.aborted) throw cancelled(server, tool);
    const { session } = current;

    const request = new AbortController();
    return new Promise<McpCallResult>((resolve, reject) => {
      const onAbort = () => {
        request.abort();
        reject(cancelled(server, tool));
      };
      const timer = setTimeout(
        () => {
          request.abort();
          reject(
            new McpCallFailed(
              'timeout',
              `The ${tool} tool of the ${server} MCP server did not answer within ${durationText(options.timeoutMs)}.`,
            ),
          );
        },
        Math.min(options.timeoutMs, MAX_TIMER_MS),
      );
      options.signal.addEventListener('abort', onAbort, { once: true });
      session.client
        // Our own timer decides the timeout; the SDK's (60 s by default) is set past it so it never fires first.
        .callTool({ name: tool, arguments: args }, undefined, {
          signal: request.signal,
          timeout: Math.min(options.timeoutMs + 1000, MAX_TIMER_MS),
        })
        .then(
          (result) => resolve({ text: toolResultText(result), isError: result.isError === true }),
          (error: unknown) => {
            if (request.signal.aborted) return;
            reject(this.callFailure(connection, session, server, tool, error));
          },
        )
        .finally(() => {
          clearTimeout(timer);
          options.signal.removeEventListener('abort', onAbort);
        })
        .catch(() => undefined);
    });
  }

  /** Told when any server's status changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops every retry and closes every session, killing every child process, before it resolves. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.connections.values()].map((connection) => connection.stop()));
    this.listeners.clear();
  }

  private callFailure(
    connection: McpServerConnection,
    session: McpSession,
    server: string,
    tool: string,
    error: unknown,
  ): McpCallFailed {
    // An error the server answered with is about this call; anything else is about the connection.
    if (error instanceof McpError && !isConnectionClosed(error)) {
      return new McpCallFailed('failed', `The ${server} MCP server could not run ${tool}: ${shortMessage(error)}.`);
    }
    const status = httpStatusOf(error);
    if (status !== undefined) {
      connection.suspect(session);
      return new McpCallFailed('failed', `The ${server} MCP server refused the call to ${tool} (HTTP ${status}).`);
    }
    connection.suspect(session);
    return new McpCallFailed('unavailable', `The connection to the ${server} MCP server was lost during the call.`);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the others are still told.
      }
    }
  }
}

function cancelled(server: string, tool: string): McpCallFailed {
  return new McpCallFailed('cancelled', `The call to the ${tool} tool of the ${server} MCP server was cancelled.`);
}
