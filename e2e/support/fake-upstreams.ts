/**
 * The browser tests' upstreams: a fake OpenAI and a fake Serper on fixed loopback ports, plus a
 * control server the tests script them through (see upstream-control.ts for the client).
 *
 *   npx tsx e2e/support/fake-upstreams.ts
 *
 * Control API (JSON, 127.0.0.1:CONTROL_PORT):
 *   POST /control/openai/script    a ScriptedReply or an array of them (declarative `match`; `toolCalls` the model makes)
 *   POST /control/openai/options   FakeOpenAI options until the next reset (contextWindow: refuse longer calls)
 *   POST /control/serper/script    a ScriptedSearch or an array of them
 *   POST /control/reset            both fakes back to their start options; scripts and requests cleared
 *   GET  /control/openai/requests  recorded requests, headers included
 *   GET  /control/serper/requests
 *   GET  /control/health           200 once everything listens
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer, FakeOpenAI, type FakeOpenAIOptions, type ScriptedReply } from '../../api/test/fakes/fake-openai';
import { FakeSerper, type ScriptedSearch } from '../../api/test/fakes/fake-serper';
import { CONTROL_PORT, FAKE_OPENAI_PORT, FAKE_SERPER_PORT, SERPER_KEY, SERVER_KEY, USER_KEY } from './e2e-env';
import type { ReplyMatch, ScriptedReply as ScriptedReplyInput } from './upstream-control';

class BadRequest extends Error {}

const REPLY_FIELDS: Record<string, 'number' | 'string' | 'boolean' | 'match' | 'toolCalls'> = {
  status: 'number',
  text: 'string',
  retryAfter: 'string',
  latencyMs: 'number',
  tokenDelayMs: 'number',
  cutAfterTokens: 'number',
  hang: 'boolean',
  errorMessage: 'string',
  match: 'match',
  toolCalls: 'toolCalls',
};
const MATCH_FIELDS: Record<string, 'boolean' | 'string'> = { streamed: 'boolean', lastUserMessageContains: 'string' };
const SEARCH_FIELDS: Record<string, 'number' | 'boolean' | 'results'> = {
  status: 'number',
  results: 'results',
  latencyMs: 'number',
  hang: 'boolean',
};
const OPTION_FIELDS: Record<string, 'number' | 'string' | 'keys'> = {
  latencyMs: 'number',
  tokenDelayMs: 'number',
  acceptedKeys: 'keys',
  model: 'string',
  contextWindow: 'number',
};

function checkFields(value: unknown, fields: Record<string, string>, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BadRequest(`${what} must be an object`);
  for (const [key, field] of Object.entries(value)) {
    const kind = fields[key];
    if (!kind) throw new BadRequest(`${what}: unknown field "${key}"`);
    if (['number', 'string', 'boolean'].includes(kind) && typeof field !== kind)
      throw new BadRequest(`${what}.${key} must be a ${kind}`);
  }
  return value as Record<string, unknown>;
}

function listOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}

type CompletionBody = { stream?: unknown; messages?: unknown } | null | undefined;

function lastUserMessage(body: CompletionBody): string {
  const messages: unknown[] = Array.isArray(body?.messages) ? body.messages : [];
  const lastUser = [...messages]
    .reverse()
    .find((m): m is { role: 'user'; content?: unknown } => (m as { role?: unknown } | null)?.role === 'user');
  return lastUser ? contentText(lastUser.content) : '';
}

function toMatch(match: ReplyMatch): (body: CompletionBody) => boolean {
  return (body) =>
    (match.streamed === undefined || (body?.stream === true) === match.streamed) &&
    (match.lastUserMessageContains === undefined || lastUserMessage(body).includes(match.lastUserMessageContains));
}

/** Each call: a function name, its arguments (JSON text or an object), and an id if the test names one. */
function checkToolCalls(calls: unknown): void {
  const ok =
    Array.isArray(calls) &&
    calls.every(
      (call) =>
        typeof call?.name === 'string' &&
        (typeof call.arguments === 'string' || (typeof call.arguments === 'object' && call.arguments !== null)) &&
        (call.id === undefined || typeof call.id === 'string'),
    );
  if (!ok) throw new BadRequest('reply.toolCalls must be an array of { name, arguments, id? }');
}

function toScriptedReply(value: unknown): ScriptedReply {
  const input = checkFields(value, REPLY_FIELDS, 'reply') as ScriptedReplyInput;
  if (input.toolCalls !== undefined) checkToolCalls(input.toolCalls);
  const { match, ...reply } = input;
  if (match === undefined) return reply;
  return { ...reply, match: toMatch(checkFields(match, MATCH_FIELDS, 'reply.match')) };
}

function toScriptedSearch(value: unknown): ScriptedSearch {
  const search = checkFields(value, SEARCH_FIELDS, 'search');
  if (search.results !== undefined) {
    const ok =
      Array.isArray(search.results) &&
      search.results.every((r) => ['title', 'link', 'snippet'].every((k) => typeof r?.[k] === 'string'));
    if (!ok) throw new BadRequest('search.results must be an array of { title, link, snippet } strings');
  }
  return search;
}

function toOptions(value: unknown): Partial<FakeOpenAIOptions> {
  const options = checkFields(value, OPTION_FIELDS, 'options');
  if (
    options.acceptedKeys !== undefined &&
    !(Array.isArray(options.acceptedKeys) && options.acceptedKeys.every((k) => typeof k === 'string'))
  ) {
    throw new BadRequest('options.acceptedKeys must be an array of strings');
  }
  return options;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequest('body is not JSON');
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function main(): Promise<void> {
  const openai = await FakeOpenAI.start({ port: FAKE_OPENAI_PORT, acceptedKeys: [SERVER_KEY, USER_KEY] });
  const serper = await FakeSerper.start({ port: FAKE_SERPER_PORT, apiKey: SERPER_KEY });

  const routes: Record<string, (body: unknown) => unknown> = {
    'POST /control/openai/script': (body) => {
      const replies = listOf(body).map(toScriptedReply);
      openai.script(...replies);
      return { scripted: replies.length };
    },
    'POST /control/openai/options': (body) => {
      openai.setOptions(toOptions(body));
      return { ok: true };
    },
    'POST /control/serper/script': (body) => {
      const searches = listOf(body).map(toScriptedSearch);
      serper.script(...searches);
      return { scripted: searches.length };
    },
    'POST /control/reset': () => {
      openai.reset();
      serper.reset();
      return { ok: true };
    },
    'GET /control/openai/requests': () => openai.requests,
    'GET /control/serper/requests': () => serper.requests,
    'GET /control/health': () => ({ status: 'ok' }),
  };

  const control: Server = createServer((req, res) => {
    res.on('error', () => undefined);
    const route = routes[`${req.method} ${new URL(req.url ?? '/', 'http://control').pathname}`];
    if (!route) return send(res, 404, { error: `No control endpoint ${req.method} ${req.url}` });
    readJson(req)
      .then((body) => send(res, 200, route(body)))
      .catch((error: Error) => send(res, error instanceof BadRequest ? 400 : 500, { error: error.message }));
  });
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(CONTROL_PORT, '127.0.0.1', () => resolve());
  });
  console.log(
    `Fake upstreams: OpenAI ${openai.baseUrl}, Serper ${serper.baseUrl}, control http://127.0.0.1:${CONTROL_PORT}`,
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void Promise.allSettled([closeServer(control), openai.close(), serper.close()]).then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: Error) => {
  console.error(`Fake upstreams could not start: ${error.message}`);
  process.exit(1);
});
