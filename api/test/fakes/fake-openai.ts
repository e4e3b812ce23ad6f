import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { countTokens } from 'gpt-tokenizer';
import { eventually } from '../support/eventually';
import { embeddingsAnswer } from './fake-embeddings';

export interface ScriptedReply {
  /** Default 200; >= 400 answers an OpenAI-style error body. */
  status?: number;
  /** Default: `Echo: <content of the last user message>`. */
  text?: string;
  /** Retry-After header value (seconds). */
  retryAfter?: string;
  /** Wait before sending headers; default: the server's latencyMs. */
  latencyMs?: number;
  /** Streamed: wait between content chunks; default: the server's tokenDelayMs. */
  tokenDelayMs?: number;
  /** Streamed: destroy the socket after this many content chunks, without finish chunk or [DONE]. */
  cutAfterTokens?: number;
  /** Streamed: after this many content chunks, send the rest only once `until` settles (the test releases them). */
  holdAfter?: { tokens: number; until: Promise<unknown> };
  /** Never answer; the socket stays open until the client gives up or close(). */
  hang?: boolean;
  /** Message inside the error body when status >= 400. */
  errorMessage?: string;
  /** Only a request whose body passes this takes the reply (others skip it); default: any request. */
  match?: (body: any) => boolean;
  /**
   * The model calls these tools instead of answering (finish_reason "tool_calls"); streamed, each call's
   * name comes first and its arguments in pieces, as the service sends them. `text` then is said before the calls.
   */
  toolCalls?: Array<{ name: string; arguments: string | Record<string, unknown>; id?: string }>;
}

/** A scripted tool call as the service words it. */
const toolCallOf = (call: NonNullable<ScriptedReply['toolCalls']>[number], index: number, completion: number) => ({
  id: call.id ?? `call_${completion}_${index}`,
  type: 'function' as const,
  function: {
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  },
});

/** For `match`: the streamed calls (chat turns), not the plain ones (summaries, one-shot replies). */
export const streamedCalls = (body: { stream?: unknown }) => body?.stream === true;
export const plainCalls = (body: { stream?: unknown }) => body?.stream !== true;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: any;
  /** performance.now() when the request arrived. */
  receivedAt: number;
  /** Completions: the tokens of the messages as the service counts them (o200k, 4 per message, 3 to prime the reply). */
  promptTokens?: number;
  /** Streamed completions: performance.now() as each content chunk was handed to the socket, one per token sent. */
  tokensSentAt?: number[];
}

export interface FakeOpenAIOptions {
  latencyMs?: number;
  tokenDelayMs?: number;
  acceptedKeys?: string[];
  model?: string;
  /** Fixed port to listen on; default 0 (any free port). */
  port?: number;
  /**
   * Refuse, as the real service does, a call whose messages plus max_tokens exceed this many tokens
   * (400 context_length_exceeded, saying the limit); default: no limit.
   */
  contextWindow?: number;
  /** With contextWindow: leave the limit out of the error's message (a server that does not say it). */
  silentLimit?: boolean;
  /** With contextWindow: count this many times the tokens the app counts, as a model with another tokenizer does. */
  tokenScale?: number;
  /** Refuse any request that offers tools (400), as servers and models without function calling do. */
  refuseTools?: boolean;
  /** false: answer no usage, even when asked for it, as some OpenAI-compatible servers do (default true). */
  reportsUsage?: boolean;
  /** Answer every /embeddings request with a 400. */
  failEmbeddings?: boolean;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  max_tokens?: number;
  stream_options?: { include_usage?: boolean };
  messages?: { role?: string; content?: unknown }[];
  tools?: unknown[];
}

const defaultModel = 'gpt-4o';

export class FakeOpenAI {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[] = [];
  readonly firstTokenSentAt: number[] = [];
  private readonly queue: ScriptedReply[] = [];
  private options: FakeOpenAIOptions;
  private completionCount = 0;
  private inflight = 0;
  private readonly cutting = new WeakSet<ServerResponse>();
  /** Requests whose client hung up before the answer was complete. */
  abortedByClient = 0;
  /** TCP connections accepted since start: how many a client opened rather than reused. */
  acceptedConnections = 0;

  private constructor(
    private readonly server: Server,
    private readonly startOptions: FakeOpenAIOptions,
  ) {
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    this.options = { ...startOptions };
    server.on('connection', () => (this.acceptedConnections += 1));
  }

  static async start(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
    // The handler runs only once a request arrives, after `fake` is assigned.
    const server = await listenOnLoopback((req, res) => fake.handle(req, res), options.port);
    const fake = new FakeOpenAI(server, { ...options });
    return fake;
  }

  completionRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && pathOf(r.path) === '/v1/chat/completions');
  }

  /** POST /v1/embeddings: each body's input and model. */
  embeddingRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && pathOf(r.path) === '/v1/embeddings');
  }

  script(...replies: ScriptedReply[]): void {
    this.queue.push(...replies);
  }

  streamedRequests(): RecordedRequest[] {
    return this.completionRequests().filter((r) => streamedCalls(r.body));
  }

  plainRequests(): RecordedRequest[] {
    return this.completionRequests().filter((r) => plainCalls(r.body));
  }

  /** Resolves once no request is being answered (background work of the app has settled); fails if none settles in time. */
  async idle(timeoutMs = 5000): Promise<void> {
    await eventually(() => this.inflight === 0, 'the fake OpenAI to answer every request', { timeoutMs });
  }

  setOptions(options: Partial<FakeOpenAIOptions>): void {
    this.options = { ...this.options, ...options };
  }

  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
    this.abortedByClient = 0;
    this.firstTokenSentAt.length = 0;
    this.options = { ...this.startOptions };
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inflight++;
    res.on('close', () => {
      this.inflight--;
      if (!res.writableFinished && !this.cutting.has(res)) this.abortedByClient++;
    });
    const { record, malformed } = await recordRequest(this.requests, req);
    const path = pathOf(record.path);
    const isCompletion = req.method === 'POST' && path === '/v1/chat/completions';
    const isModels = req.method === 'GET' && path === '/v1/models';
    const isEmbeddings = req.method === 'POST' && path === '/v1/embeddings';
    if (!isCompletion && !isModels && !isEmbeddings) {
      return sendJson(
        res,
        404,
        errorBody(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url'),
      );
    }
    const key = /^Bearer (.*)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (this.options.acceptedKeys && !this.options.acceptedKeys.includes(key)) {
      // Echoes the key like the real service, so tests can prove the API never forwards it.
      const message = `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`;
      return sendJson(res, 401, errorBody(message, 'invalid_request_error', 'invalid_api_key'));
    }
    if (isModels) {
      const created = nowSeconds();
      const model = { id: this.options.model ?? defaultModel, object: 'model', created, owned_by: 'fake' };
      return sendJson(res, 200, { object: 'list', data: [model] });
    }
    if (isEmbeddings) {
      const answer = this.options.failEmbeddings ? undefined : embeddingsAnswer(record.body);
      return answer
        ? sendJson(res, 200, answer)
        : sendJson(res, 400, errorBody('Invalid embeddings request.', 'invalid_request_error', null));
    }
    if (malformed || typeof record.body !== 'object' || record.body === null) {
      return sendJson(
        res,
        400,
        errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null),
      );
    }
    return this.answerCompletion(record, res);
  }

  private async answerCompletion(record: RecordedRequest, res: ServerResponse): Promise<void> {
    const body = record.body as ChatBody;
    const promptTokens = (record.promptTokens = Math.ceil(promptTokensOf(body) * (this.options.tokenScale ?? 1)));
    const window = this.options.contextWindow;
    if (window !== undefined && promptTokens + (body.max_tokens ?? 0) > window) {
      const limit = this.options.silentLimit ? '' : ` This model's maximum context length is ${window} tokens.`;
      const message = `${limit} However, you requested ${promptTokens + (body.max_tokens ?? 0)} tokens (${promptTokens} in the messages, ${body.max_tokens ?? 0} in the completion). Please reduce the length of the messages or completion.`;
      return sendJson(res, 400, errorBody(message.trim(), 'invalid_request_error', 'context_length_exceeded'));
    }
    if (this.options.refuseTools && body.tools?.length) {
      return sendJson(res, 400, errorBody('tools is not supported by this model', 'invalid_request_error', null));
    }
    const index = this.queue.findIndex((entry) => !entry.match || entry.match(body));
    const reply = index >= 0 ? this.queue.splice(index, 1)[0] : {};
    if (reply.hang) return;
    if (!(await pause(reply.latencyMs ?? this.options.latencyMs ?? 0, res))) return;

    const status = reply.status ?? 200;
    const headers: Record<string, string> = reply.retryAfter === undefined ? {} : { 'retry-after': reply.retryAfter };
    if (status >= 400) {
      const message = reply.errorMessage ?? `Scripted failure ${status}`;
      return sendJson(
        res,
        status,
        errorBody(message, errorType(status), status === 429 ? 'rate_limit_exceeded' : null),
        headers,
      );
    }

    const text = reply.text ?? (reply.toolCalls ? '' : `Echo: ${lastUserContent(body)}`);
    const meta = {
      id: `chatcmpl-fake-${++this.completionCount}`,
      created: nowSeconds(),
      model: body.model ?? this.options.model ?? defaultModel,
    };
    if (body.stream === true) {
      return this.stream(res, status, headers, meta, text, reply, record);
    }
    const completionTokens = tokenize(text).length;
    sendJson(
      res,
      status,
      {
        ...meta,
        object: 'chat.completion',
        choices: [
          reply.toolCalls
            ? {
                index: 0,
                message: {
                  role: 'assistant',
                  content: text || null,
                  tool_calls: reply.toolCalls.map((call, i) => toolCallOf(call, i, this.completionCount)),
                },
                finish_reason: 'tool_calls',
              }
            : { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
        ],
        ...(this.options.reportsUsage !== false && {
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: promptTokens + completionTokens,
          },
        }),
      },
      headers,
    );
  }

  private cut(res: ServerResponse): void {
    this.cutting.add(res);
    res.destroy();
  }

  private async stream(
    res: ServerResponse,
    status: number,
    headers: Record<string, string>,
    meta: { id: string; created: number; model: string },
    text: string,
    reply: ScriptedReply,
    record: RecordedRequest,
  ): Promise<void> {
    const chunk = (delta: object, finishReason: string | null) =>
      `data: ${JSON.stringify({ ...meta, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    const tokenDelayMs = reply.tokenDelayMs ?? this.options.tokenDelayMs ?? 0;

    res.writeHead(status, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...headers,
    });
    res.flushHeaders();
    if (!(await send(res, chunk({ role: 'assistant', content: '' }, null)))) return;

    const tokens = tokenize(text);
    const tokensSentAt: number[] = (record.tokensSentAt = []);
    for (let sent = 0; sent < tokens.length; sent++) {
      if (sent === reply.cutAfterTokens) return this.cut(res);
      if (sent === reply.holdAfter?.tokens) await reply.holdAfter.until;
      if (sent > 0 && !(await pause(tokenDelayMs, res))) return;
      // Taken before the write, which hands an idle socket's data to the kernel at once: a client's
      // delay measured from here never leaves out time the fake itself spent.
      const writtenAt = performance.now();
      if (!(await send(res, chunk({ content: tokens[sent] }, null)))) return;
      tokensSentAt.push(writtenAt);
      if (sent === 0) this.firstTokenSentAt.push(performance.now());
    }
    if (reply.cutAfterTokens !== undefined && reply.cutAfterTokens >= 0) return this.cut(res);
    const calls = (reply.toolCalls ?? []).map((call, i) => toolCallOf(call, i, this.completionCount));
    for (const [index, call] of calls.entries()) {
      const head = { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } };
      if (!(await send(res, chunk({ tool_calls: [head] }, null)))) return;
      const args = call.function.arguments;
      const cut = Math.ceil(args.length / 2);
      for (const piece of [args.slice(0, cut), args.slice(cut)].filter(Boolean))
        if (!(await send(res, chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null)))) return;
    }
    if (!(await send(res, chunk({}, calls.length ? 'tool_calls' : 'stop')))) return;
    if ((record.body as ChatBody).stream_options?.include_usage && this.options.reportsUsage !== false) {
      const usage = { prompt_tokens: record.promptTokens ?? 0, completion_tokens: tokens.length };
      const total = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
      if (
        !(await send(
          res,
          `data: ${JSON.stringify({ ...meta, object: 'chat.completion.chunk', choices: [], usage: total })}\n\n`,
        ))
      )
        return;
    }
    if (!(await send(res, 'data: [DONE]\n\n'))) return;
    res.end();
  }
}

/** As the service counts a conversation: each message's text, 4 tokens around each message, 3 to prime the reply. */
export function promptTokensOf(body: ChatBody): number {
  const messages = body.messages ?? [];
  return messages.reduce((sum, m) => sum + 4 + countTokens(contentText(m.content)), 3);
}

/** Words with their trailing whitespace: concatenating the tokens gives back exactly the text. */
function tokenize(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: unknown }) =>
      part?.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

function lastUserContent(body: ChatBody): string {
  const lastUser = [...(body.messages ?? [])].reverse().find((m) => m?.role === 'user');
  return lastUser ? contentText(lastUser.content) : '';
}

function errorType(status: number): string {
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function pathOf(url: string): string {
  return new URL(url, 'http://fake').pathname;
}

// Loopback plumbing, shared with fake-serper.ts.

export async function listenOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): Promise<Server> {
  const server = createServer((req, res) => {
    // A client that goes away must never surface as an unhandled error in the test process.
    res.on('error', () => undefined);
    handle(req, res).catch(() => res.destroy());
  });
  // Without Nagle each SSE chunk leaves when written, so timing seen by clients is real.
  server.on('connection', (socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** Records the request on arrival (so order is arrival order), then reads and parses its body. */
export async function recordRequest(
  requests: RecordedRequest[],
  req: IncomingMessage,
): Promise<{ record: RecordedRequest; malformed: boolean }> {
  const record: RecordedRequest = {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers: req.headers,
    body: undefined,
    receivedAt: performance.now(),
  };
  requests.push(record);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return { record, malformed: false };
  try {
    record.body = JSON.parse(raw);
    return { record, malformed: false };
  } catch {
    record.body = raw;
    return { record, malformed: true };
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (isGone(res)) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Waits ms; resolves false (early) if the client went away meanwhile. */
export function pause(ms: number, res: ServerResponse): Promise<boolean> {
  if (isGone(res)) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(!isGone(res));
    }, ms);
    res.once('close', onClose);
  });
}

/** Writes and waits until the data is handed to the socket; resolves false if the client went away. */
function send(res: ServerResponse, data: string): Promise<boolean> {
  if (isGone(res)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => resolve(false);
    res.once('close', onClose);
    res.write(data, (error) => {
      res.off('close', onClose);
      resolve(!error && !isGone(res));
    });
  });
}

function isGone(res: ServerResponse): boolean {
  return res.destroyed || res.socket === null || res.socket.destroyed;
}
