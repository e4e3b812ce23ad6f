import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerState } from '@mb/contracts/types/wire/tools-response';
import { durationText, httpFailureText, isTimeout, redact, shortMessage } from './connection-errors';
import { type McpServerConfig, secretsOf } from './mcp-server-config';
import { ConnectFailed, type McpSession, openSession, untilAborted } from './mcp-sessions';

export interface McpTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

export interface McpLogger {
  log(message: string): void;
  warn(message: string): void;
}

export interface ConnectionOptions {
  connectTimeoutMs: number;
  backoffMs: { first: number; max: number };
  logger: McpLogger;
  /** Told after every change of state, error or tools. */
  changed(): void;
}

const CLIENT_INFO = { name: 'mb-api', version: '1.0.0' };
/** A list of tools longer than this many pages is a server's bug, not a list. */
const MAX_TOOL_PAGES = 100;

/**
 * One configured server's life: connecting in the background, connected with its tools, or failed and retried
 * with backoff; a session that ends by itself is reconnected at once. Nothing here throws out of a callback or
 * timer: every failure becomes the server's state and lastError.
 */
export class McpServerConnection {
  private state: McpServerState['state'] = 'connecting';
  private transport: McpServerState['transport'];
  private lastError?: string;
  private session?: McpSession;
  private tools?: McpTool[];
  /** Failed attempts since the last connection that lasted: the exponent of the backoff. */
  private failures = 0;
  /** Elapsed time (performance.now), as the retry's `at`: a connection's age and a countdown, not the time of day. */
  private connectedAt = 0;
  private retry?: { at: number; timer: NodeJS.Timeout };
  private attempt?: { abandon(): void; done: Promise<void> };
  private checking = false;
  private stopped = false;
  private started = false;
  /** Sessions and clients being closed, awaited by stop() so that no child outlives it. */
  private readonly closing = new Set<Promise<unknown>>();
  private readonly secrets: string[];

  constructor(
    readonly server: McpServerConfig,
    private readonly options: ConnectionOptions,
  ) {
    this.transport = server.transport === 'stdio' ? 'stdio' : 'streamable-http';
    this.secrets = secretsOf(server);
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.connect();
  }

  status(): McpServerState {
    return {
      name: this.server.name,
      transport: this.transport,
      state: this.state,
      ...(this.lastError !== undefined && { lastError: this.lastError }),
      ...(this.retry && { retryInMs: Math.max(0, this.retry.at - performance.now()) }),
      tools: (this.tools ?? []).map(({ name, description }) => ({
        name,
        ...(description !== undefined && { description }),
      })),
    };
  }

  /** The session and its tools, only while connected. */
  connected(): { session: McpSession; tools: McpTool[] } | undefined {
    return this.state === 'connected' && this.session && this.tools
      ? { session: this.session, tools: this.tools }
      : undefined;
  }

  get error(): string | undefined {
    return this.lastError;
  }

  /** A call failed in a way that may mean the server is gone: ask it, and reconnect if it does not answer. */
  suspect(session: McpSession): void {
    if (session.onTransportError !== 'ignore') this.check(session);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry.timer);
    this.retry = undefined;
    this.attempt?.abandon();
    const attempt = this.attempt?.done;
    if (this.session) this.retire(this.session.close());
    this.session = undefined;
    this.tools = undefined;
    await attempt;
    await Promise.all([...this.closing]);
  }

  private connect(): void {
    if (this.stopped) return;
    const attempt = new AbortController();
    const timer = setTimeout(
      () => attempt.abort(new ConnectFailed(`timed out after ${durationText(this.options.connectTimeoutMs)}`)),
      this.options.connectTimeoutMs,
    );
    timer.unref();
    const done = this.open(attempt.signal)
      .then(
        ({ session, tools }) => this.connectedTo(session, tools),
        (error: unknown) => this.failed(attempt.signal.aborted ? attempt.signal.reason : error),
      )
      .catch((error: unknown) => this.options.logger.warn(`MCP server ${this.server.name}: ${shortMessage(error)}`))
      .finally(() => {
        clearTimeout(timer);
        if (this.attempt?.done === done) this.attempt = undefined;
      });
    this.attempt = { abandon: () => attempt.abort(new ConnectFailed('stopped')), done };
  }

  /** Opens a session and lists its tools; rejects only once whatever it opened is closed again. */
  private async open(signal: AbortSignal): Promise<{ session: McpSession; tools: McpTool[] }> {
    const timeoutMs = this.options.connectTimeoutMs;
    const session = await openSession(this.server, { newClient: () => this.newClient(), timeoutMs, signal });
    try {
      return { session, tools: await untilAborted(listTools(session.client, timeoutMs, signal), signal) };
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  private newClient(): Client {
    const client: Client = new Client(CLIENT_INFO, {
      capabilities: {},
      listChanged: {
        tools: { autoRefresh: false, debounceMs: 100, onChanged: () => void this.relist(client) },
      },
    });
    client.onclose = () => {
      if (this.session?.client === client) this.lost(this.session.endedBecause());
    };
    client.onerror = (error) => {
      const session = this.session;
      if (session?.client !== client || session.onTransportError === 'ignore') return;
      if (session.onTransportError === 'lost') this.lost(this.describe(error));
      else this.check(session);
    };
    return client;
  }

  private connectedTo(session: McpSession, tools: McpTool[]): void {
    if (this.stopped) {
      this.retire(session.close());
      return;
    }
    this.session = session;
    this.tools = tools;
    this.transport = session.transport;
    this.state = 'connected';
    this.lastError = undefined;
    this.connectedAt = performance.now();
    this.options.logger.log(
      `MCP server ${this.server.name} connected over ${session.transport} with ${tools.length} tool${tools.length === 1 ? '' : 's'}.`,
    );
    this.options.changed();
  }

  private failed(error: unknown): void {
    if (this.stopped) return;
    this.state = 'failed';
    this.lastError = error instanceof ConnectFailed ? error.message : this.describe(error);
    this.tools = undefined;
    this.options.changed();
    const delay = this.scheduleRetry();
    this.options.logger.warn(
      `MCP server ${this.server.name} failed to connect: ${this.lastError}; retrying in ${durationText(delay)}.`,
    );
    this.options.changed();
  }

  /** The session ended or stopped answering: it is closed, and a new one is sought at once (after the backoff). */
  private lost(reason: string): void {
    const session = this.session;
    if (this.stopped || !session) return;
    this.session = undefined;
    this.tools = undefined;
    // Closed once the transport has finished reporting: an event source closed inside its own error handler
    // schedules its reconnect afterwards all the same.
    this.retire(Promise.resolve().then(() => session.close()));
    // A connection that lasted starts the backoff over; one that drops at once keeps it growing.
    if (performance.now() - this.connectedAt >= this.options.backoffMs.max) this.failures = 0;
    this.lastError = reason;
    const delay = this.scheduleRetry();
    this.options.logger.warn(
      `MCP server ${this.server.name} disconnected (${reason}); reconnecting in ${durationText(delay)}.`,
    );
    this.options.changed();
  }

  private scheduleRetry(): number {
    const { first, max } = this.options.backoffMs;
    const delay = Math.min(first * 2 ** Math.min(this.failures, 30), max);
    this.failures += 1;
    this.state = 'reconnecting';
    const timer = setTimeout(() => {
      this.retry = undefined;
      this.connect();
    }, delay);
    timer.unref();
    this.retry = { at: performance.now() + delay, timer };
    return delay;
  }

  /** Asks the server for a ping: a session that does not answer is lost. */
  private check(session: McpSession): void {
    if (this.checking) return;
    this.checking = true;
    const timeout = Math.min(this.options.connectTimeoutMs, 10_000);
    session.client
      .ping({ timeout })
      .then(
        () => undefined,
        (error: unknown) => {
          if (this.session !== session) return;
          this.lost(isTimeout(error) ? `no answer to a ping within ${durationText(timeout)}` : this.describe(error));
        },
      )
      .finally(() => (this.checking = false))
      .catch(() => undefined);
  }

  private async relist(client: Client): Promise<void> {
    try {
      const tools = await listTools(client, this.options.connectTimeoutMs);
      if (this.session?.client !== client || this.state !== 'connected') return;
      this.tools = tools;
      this.options.changed();
    } catch (error) {
      if (this.session?.client === client) {
        this.options.logger.warn(
          `MCP server ${this.server.name}: could not list its changed tools (${this.describe(error)}).`,
        );
      }
    }
  }

  private describe(error: unknown): string {
    if (isTimeout(error)) return `timed out after ${durationText(this.options.connectTimeoutMs)}`;
    const text =
      this.server.transport === 'http' ? httpFailureText(error, new URL(this.server.url)) : shortMessage(error);
    return redact(text, this.secrets);
  }

  private retire(closing: Promise<unknown>): void {
    const settled = closing.catch(() => undefined);
    this.closing.add(settled);
    void settled.finally(() => this.closing.delete(settled));
  }
}

async function listTools(client: Client, timeoutMs: number, signal?: AbortSignal): Promise<McpTool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const answer = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs, signal });
    for (const tool of answer.tools) {
      const description = tool.description ?? tool.title;
      tools.push({
        name: tool.name,
        ...(description !== undefined && { description }),
        inputSchema: tool.inputSchema,
      });
    }
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return tools;
}
