import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { PersonaView } from '@mb/contracts/types/wire/persona-view';
import type { SearchResponse } from '@mb/contracts/types/wire/search-response';
import type { UsageResponse } from '@mb/contracts/types/wire/usage-response';
import { sidewaysPhotoWithGps } from '../fixtures/files/make-images';
import { UPLOAD_NOT_FOUND } from '../../src/sessions/chat-access.service';
import { openAiClient } from '../support/api-keys';
import { streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { newDataDir } from '../support/data-dirs';
import { fixtureAgent } from '../support/fixture-agents';
import { startConversationApp, type ConversationApp } from '../support/model-fakes';
import { ANNA, BEN, signIn, writePeople, type SignedIn } from '../support/people';
import { registeredRoutes } from '../support/registered-routes';
import { createIsolatedDatabase } from '../support/test-database';
import { TEST_ACCESS_CODE } from '../support/test-app';
import { only, openStream, sendTurn, type TurnStream } from '../support/turn-client';

/** Fixture agents, named for what they exercise. */
const PLAIN = 'completions-only';
const PHOTOS = 'takes-photos-and-documents';
const RECONFIGURABLE = 'reconfigurable';
const MEMORY = 'remembers-facts';
const MEANT_FOR_ANNA = 'meant-for-anna';
const CONFIRMS = 'confirms-tool-calls';

/** What a route answered: its status and body (a stream's refusal body; a file's bytes as text). */
interface Answer {
  status: number;
  body: unknown;
}

/** The ids a route is tried with: Anna's, or ids nothing has. */
interface Ids {
  /** Anna's chat: a question, its reply, a photo sent with it. */
  chat: string;
  /** Her last user message's id (editOf). */
  userMessage: string;
  /** The photo sent in her chat. */
  photo: string;
  /** An upload of hers not sent yet. */
  unsent: string;
  /** A chat of hers with the reconfigurable agent, whose persona was replaced once. */
  reconfigurable: string;
  /** An entry of that chat's persona history. */
  historyId: string;
  /** A chat of hers only ever deleted. */
  throwaway: string;
}

const missingIds = (): Ids => ({
  chat: randomUUID(),
  userMessage: '987654321',
  photo: randomUUID(),
  unsent: randomUUID(),
  reconfigurable: randomUUID(),
  historyId: randomUUID(),
  throwaway: randomUUID(),
});

const UUID_IN_PATH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const answerOf = (res: { status: number; body: unknown; text?: string }): Answer => ({
  status: res.status,
  body: Buffer.isBuffer(res.body)
    ? res.body.toString('base64')
    : res.body && Object.keys(res.body).length
      ? res.body
      : (res.text ?? ''),
});

const streamAnswer = async (stream: TurnStream): Promise<Answer> => {
  if (stream.status !== 200) return { status: stream.status, body: stream.error ?? '' };
  const events = await stream.all();
  return { status: 200, body: events.map((event) => event.type) };
};

const edited: AgentConfig = {
  ...fixtureAgent(RECONFIGURABLE).persona,
  role_description: 'You are a test agent whose persona Anna replaced.',
};

interface RouteCase {
  /** The route tried as `who` with `ids`. */
  call(who: SignedIn, ids: Ids): Promise<Answer>;
  /** What Anna's own ids get (a stream's 200 is read to its end). */
  owner: number;
}

/**
 * Every route that reaches a chat (by a path id, a body's sessionId or attachments, a message id), in the order Anna's
 * own tries run (a reply regenerated before a version is chosen, deletions last).
 */
const ROUTES: Record<string, RouteCase> = {
  'GET /api/chat/sessions/:id': { owner: 200, call: (w, i) => get(w, `/api/chat/sessions/${i.chat}`) },
  'GET /api/chat/sessions/:id/messages': {
    owner: 200,
    call: (w, i) => get(w, `/api/chat/sessions/${i.chat}/messages`),
  },
  'GET /api/chat/sessions/:id/export': {
    owner: 200,
    call: (w, i) => get(w, `/api/chat/sessions/${i.chat}/export?format=json`),
  },
  'GET /api/chat/attachments/:id': { owner: 200, call: (w, i) => get(w, `/api/chat/attachments/${i.photo}`) },
  'GET /api/chat/attachments/:id/thumbnail': {
    owner: 200,
    call: (w, i) => get(w, `/api/chat/attachments/${i.photo}/thumbnail`),
  },
  'GET /api/chat/sessions/:id/turn': {
    owner: 204,
    call: async (w, i) => streamAnswer(await openStream(w.host, 'GET', `/api/chat/sessions/${i.chat}/turn`)),
  },
  'POST /api/chat/sessions/:id/turn/stop': {
    owner: 200,
    call: (w, i) => send(w, 'post', `/api/chat/sessions/${i.chat}/turn/stop`),
  },
  'POST /api/chat/sessions/:id/turn/tool-calls/:callId': {
    owner: 200,
    call: (w, i) => send(w, 'post', `/api/chat/sessions/${i.chat}/turn/tool-calls/call_0_0`, { allow: true }),
  },
  'GET /api/chat/sessions/:id/persona': {
    owner: 200,
    call: (w, i) => get(w, `/api/chat/sessions/${i.reconfigurable}/persona`),
  },
  'GET /api/chat/sessions/:id/persona/changes': {
    owner: 200,
    call: (w, i) => get(w, `/api/chat/sessions/${i.reconfigurable}/persona/changes`),
  },
  'POST /api/chat/sessions/:id/persona/restore': {
    owner: 200,
    call: (w, i) =>
      send(w, 'post', `/api/chat/sessions/${i.reconfigurable}/persona/restore`, { historyId: i.historyId }),
  },
  'PUT /api/chat/sessions/:id/persona': {
    owner: 200,
    call: (w, i) => send(w, 'put', `/api/chat/sessions/${i.reconfigurable}/persona`, edited),
  },
  'POST /api/chat/sessions/:id/persona/reset': {
    owner: 200,
    call: (w, i) => send(w, 'post', `/api/chat/sessions/${i.reconfigurable}/persona/reset`),
  },
  'POST /api/chat/sessions/:id/summarize': {
    owner: 200,
    call: (w, i) => send(w, 'post', `/api/chat/sessions/${i.chat}/summarize`),
  },
  'PUT /api/chat/sessions/:id/summary': {
    owner: 200,
    call: (w, i) => send(w, 'put', `/api/chat/sessions/${i.chat}/summary`),
  },
  'POST /api/chat/completions': {
    owner: 200,
    call: (w, i) =>
      send(w, 'post', '/api/chat/completions', { messages: [{ role: 'user', content: 'Hi' }], sessionId: i.chat }),
  },
  'POST /api/assistant/chat': {
    owner: 200,
    call: (w, i) =>
      send(w, 'post', '/api/assistant/chat', { messages: [{ role: 'user', content: 'Hi' }], sessionId: i.chat }),
  },
  'POST /api/serper-search': {
    owner: 200,
    call: (w, i) => send(w, 'post', '/api/serper-search', { userMessage: 'Spare keys', sessionId: i.chat }),
  },
  'POST /api/chat/sessions/:id/regenerate': {
    owner: 200,
    call: async (w, i) => streamAnswer(await openStream(w.host, 'POST', `/api/chat/sessions/${i.chat}/regenerate`)),
  },
  'PUT /api/chat/sessions/:id/version': {
    owner: 200,
    call: (w, i) => send(w, 'put', `/api/chat/sessions/${i.chat}/version`, { version: 1 }),
  },
  'POST /api/chat/turns': {
    owner: 200,
    call: async (w, i) =>
      streamAnswer(
        await sendTurn(w.host, { agentType: PHOTOS, sessionId: i.chat, editOf: i.userMessage, content: 'Edited' }),
      ),
  },
  'POST /api/chat/sessions/:id/messages': {
    owner: 201,
    call: (w, i) => send(w, 'post', `/api/chat/sessions/${i.chat}/messages`, { role: 'user', content: 'A note' }),
  },
  'PATCH /api/chat/sessions/:id': {
    owner: 200,
    call: (w, i) => send(w, 'patch', `/api/chat/sessions/${i.chat}`, { title: 'Spare keys', pinned: true }),
  },
  'DELETE /api/chat/attachments/:id': {
    owner: 204,
    call: (w, i) => send(w, 'delete', `/api/chat/attachments/${i.unsent}`),
  },
  'DELETE /api/chat/sessions/:id': {
    owner: 204,
    call: (w, i) => send(w, 'delete', `/api/chat/sessions/${i.throwaway}`),
  },
};

/**
 * Routes with a path parameter that names no chat, attachment or message, and why; every other route with one, and
 * every route whose body takes a sessionId or attachments, needs a case above.
 */
const NOT_A_CHAT: Record<string, string> = {
  'GET /api/agents/:id': 'an agent (its audience is tried below)',
  'GET /api/agents/:id/knowledge': "an agent's files",
  'GET /api/agents/:id/memory': "an agent's memory, per person (tried below)",
  'DELETE /api/agents/:id/memory': "an agent's memory, per person",
  'GET /api/agents/:id/memory/export': "an agent's memory, per person (tried below)",
  'POST /api/agents/:id/memory/import': "an agent's memory, per person",
  'PATCH /api/agents/:id/memory/:factId': 'a fact of the viewer’s own memory (tried below)',
  'DELETE /api/agents/:id/memory/:factId': 'a fact of the viewer’s own memory (tried below)',
  'DELETE /api/keys/:id': 'an API key of the viewer’s own (tried below)',
  'GET /api/docs/:file': 'a file of the API document’s page',
};

let current: { app: ConversationApp; anna: SignedIn; ben: SignedIn } | undefined;
const env = () => {
  if (!current) throw new Error('the app starts in beforeAll');
  return current;
};

function get(who: SignedIn, path: string): Promise<Answer> {
  return who
    .client()
    .get(path)
    .buffer(true)
    .then((res) => answerOf(res));
}

function send(
  who: SignedIn,
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const req = who.client()[method](path);
  return (body === undefined ? req : req.send(body as object)).then((res) => answerOf(res));
}

/** An app whose PEOPLE_FILE lists Anna and Ben; both signed in. */
async function startWithPeople(options: Parameters<typeof startConversationApp>[0] = {}) {
  const dataDir = newDataDir('mb-privacy-');
  const file = join(dataDir, 'people.json');
  await writePeople(file, [ANNA, BEN]);
  const app = await startConversationApp({ ...options, dataDir, env: { PEOPLE_FILE: file, ...options.env } });
  return { app, anna: await signIn(app.sut, ANNA.code), ben: await signIn(app.sut, BEN.code), file };
}

async function upload(who: SignedIn, agentType: string): Promise<ChatAttachment> {
  const photo = await sidewaysPhotoWithGps({ width: 120, height: 80 });
  const res = await who
    .client()
    .post('/api/chat/attachments')
    .query({ agentType })
    .attach('file', photo, { filename: 'spare-key.jpg', contentType: 'image/jpeg' });
  expect(res.status).toBe(201);
  return res.body as ChatAttachment;
}

async function turn(who: SignedIn, request: Parameters<typeof sendTurn>[1]): Promise<ChatSession> {
  const stream = await sendTurn(who.host, request);
  expect(stream.status).toBe(200);
  const events = await stream.all();
  expect(events.at(-1)?.type).toBe('done');
  return only(events, 'session').session;
}

const titles = async (who: SignedIn, query = '') =>
  ((await who.client().get(`/api/chat/sessions${query}`).expect(200)).body as ChatSession[]).map((s) => s.id);

describe('People: another person’s chat is unreachable, route by route (e2e)', () => {
  let anna: Ids;

  beforeAll(async () => {
    current = await startWithPeople();
    const { app, anna: a } = env();
    const photo = await upload(a, PHOTOS);
    const chat = await turn(a, {
      agentType: PHOTOS,
      content: 'Where did I put the spare key?',
      attachments: [photo.id],
    });
    await app.openai.idle();
    const messages = (await a.client().get(`/api/chat/sessions/${chat.id}/messages`).expect(200)).body as ChatMessage[];
    const reconfigurable = (await a.client().post('/api/chat/sessions').send({ agentType: RECONFIGURABLE }).expect(201))
      .body as ChatSession;
    await a.client().put(`/api/chat/sessions/${reconfigurable.id}/persona`).send(edited).expect(200);
    const view = (await a.client().get(`/api/chat/sessions/${reconfigurable.id}/persona`).expect(200))
      .body as PersonaView;
    const throwaway = (await a.client().post('/api/chat/sessions').send({ agentType: PLAIN }).expect(201))
      .body as ChatSession;
    anna = {
      chat: chat.id,
      userMessage: messages.filter((m) => m.role === 'user').at(-1)!.id,
      photo: photo.id,
      unsent: (await upload(a, PHOTOS)).id,
      reconfigurable: reconfigurable.id,
      historyId: view.history[0].id,
      throwaway: throwaway.id,
    };
  });
  afterAll(() => current?.app.close());
  beforeEach(async () => {
    await env().app.openai.idle();
  });

  it('has a case for every registered route that takes a chat, an attachment, a message or a body sessionId', async () => {
    const { app } = env();
    const routes = registeredRoutes(app.sut.app)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`);
    const document = (await app.sut.anonymous().get('/api/openapi.json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema?: { $ref?: string } }> } }>
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const bodyReachesAChat = (route: string) => {
      const [method, path] = route.split(' ');
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const ref = operation?.requestBody?.content['application/json']?.schema?.$ref;
      const properties = ref ? document.components.schemas[ref.replace('#/components/schemas/', '')]?.properties : {};
      return Object.keys(properties ?? {}).some((name) => ['sessionId', 'attachments', 'editOf'].includes(name));
    };
    const reaching = routes.filter((route) => /\/:\w+/.test(route) || bodyReachesAChat(route));

    expect(reaching.filter((route) => !ROUTES[route] && !NOT_A_CHAT[route])).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !routes.includes(route))).toEqual([]);
    expect(routes).toContain('POST /api/chat/turns');
  });

  it.each(Object.keys(ROUTES))('%s: Ben using Anna’s ids gets exactly what ids nothing has get', async (route) => {
    const { ben } = env();
    const missing = await ROUTES[route].call(ben, missingIds());
    const annas = await ROUTES[route].call(ben, anna);

    expect(annas).toEqual(missing);
    expect(missing).toEqual({ status: 404, body: expect.objectContaining({ code: 'NOT_FOUND' }) });
  });

  it('sends nothing of Anna’s to the model when Ben names her uploads in a turn of his own', async () => {
    const { app, ben } = env();
    app.openai.reset();
    const sent = (attachments: string[]) =>
      sendTurn(ben.host, { agentType: PHOTOS, content: 'What is in this photo?', attachments }).then(streamAnswer);

    const missing = await sent([randomUUID()]);
    expect(await sent([anna.photo])).toEqual(missing);
    expect(await sent([anna.unsent])).toEqual(missing);
    expect(missing).toEqual({ status: 400, body: expect.objectContaining({ details: [UPLOAD_NOT_FOUND] }) });
    expect(app.openai.streamedRequests()).toEqual([]);
  });

  it('answers HEAD for Anna’s chat, file or thumbnail to Ben as for ids nothing has', async () => {
    const { anna: a, ben } = env();
    const head = async (who: SignedIn, path: string) => (await who.client().head(path)).status;
    for (const path of [
      (i: Ids) => `/api/chat/sessions/${i.chat}`,
      (i: Ids) => `/api/chat/sessions/${i.chat}/messages`,
      (i: Ids) => `/api/chat/sessions/${i.chat}/export`,
      (i: Ids) => `/api/chat/attachments/${i.photo}`,
      (i: Ids) => `/api/chat/attachments/${i.photo}/thumbnail`,
    ]) {
      expect({ path: path(anna), ben: await head(ben, path(anna)) }).toEqual({
        path: path(anna),
        ben: await head(ben, path(missingIds())),
      });
      expect({ path: path(anna), ben: await head(ben, path(anna)), anna: await head(a, path(anna)) }).toEqual({
        path: path(anna),
        ben: 404,
        anna: 200,
      });
    }
  });

  it('keeps Anna’s chat out of Ben’s history, search and usage figures', async () => {
    const { anna: a, ben } = env();
    expect(await titles(a)).toContain(anna.chat);
    expect(await titles(ben)).not.toContain(anna.chat);
    expect(await titles(ben, `?agentType=${PHOTOS}`)).toEqual([]);

    const search = async (who: SignedIn) =>
      ((await who.client().get('/api/chat/search').query({ q: 'spare key' }).expect(200)).body as SearchResponse)
        .results;
    expect(JSON.stringify(await search(a))).toContain(anna.chat);
    expect(await search(ben)).toEqual([]);

    const usage = async (who: SignedIn) =>
      ((await who.client().get('/api/usage').expect(200)).body as UsageResponse).agents.map((row) => row.agentType);
    expect(await usage(a)).toContain(PHOTOS);
    expect(await usage(ben)).toEqual([]);
  });

  it.each(Object.keys(ROUTES))('%s: Anna reaches her own', async (route) => {
    const answer = await ROUTES[route].call(env().anna, anna);
    expect({ route, status: answer.status }).toEqual({ route, status: ROUTES[route].owner });
  });
});

describe('People: sharing, imports, audiences, memory and keys (e2e)', () => {
  beforeAll(async () => {
    current = await startWithPeople();
  });
  afterAll(() => current?.app.close());
  beforeEach(async () => {
    await env().app.openai.idle();
  });

  const annasChat = async (content: string, agentType = PLAIN) => (await turn(env().anna, { agentType, content })).id;
  const share = (id: string, shared: boolean) =>
    env().anna.client().patch(`/api/chat/sessions/${id}`).send({ shared }).expect(200);
  const forbidden = { status: 403, body: expect.objectContaining({ code: 'FORBIDDEN' }) };
  const notFound = async (who: SignedIn, path: string) => {
    expect(await get(who, path)).toEqual(await get(who, path.replace(UUID_IN_PATH, randomUUID())));
    expect((await get(who, path)).status).toBe(404);
  };

  it('shows a shared chat to Ben marked as Anna’s, to read only; unsharing hides it again', async () => {
    const { anna, ben } = env();
    const id = await annasChat('Which paint for the hallway?');
    const shared = (await share(id, true)).body as ChatSession;
    expect(shared.sharing).toMatchObject({ yours: true, shared: true, sharedBy: 'Anna', canShare: true });

    const listed = ((await ben.client().get('/api/chat/sessions').expect(200)).body as ChatSession[]).find(
      (chat) => chat.id === id,
    );
    expect(listed?.sharing).toMatchObject({ yours: false, shared: true, sharedBy: 'Anna', canChange: false });
    expect(listed?.sharing?.canShare).toBe(false);
    await ben.client().get(`/api/chat/sessions/${id}`).expect(200);
    const messages = (await ben.client().get(`/api/chat/sessions/${id}/messages`).expect(200)).body as ChatMessage[];
    expect(messages.map((m) => m.content)).toEqual([
      'Which paint for the hallway?',
      'Echo: Which paint for the hallway?',
    ]);
    await ben.client().get(`/api/chat/sessions/${id}/export`).expect(200);
    const search = (await ben.client().get('/api/chat/search').query({ q: 'hallway paint' }).expect(200))
      .body as SearchResponse;
    expect(search.results.map((r) => r.sessionId)).toContain(id);

    expect(await send(ben, 'delete', `/api/chat/sessions/${id}`)).toEqual(forbidden);
    expect(await send(ben, 'patch', `/api/chat/sessions/${id}`, { title: 'Mine now' })).toEqual(forbidden);
    expect(await send(ben, 'patch', `/api/chat/sessions/${id}`, { shared: false })).toEqual(forbidden);
    expect((await send(ben, 'patch', `/api/chat/sessions/${id}`, { title: 'Mine now' })).body).toMatchObject({
      message: 'Anna shared this chat to be read: only Anna can change it.',
    });
    expect(await streamAnswer(await sendTurn(ben.host, { agentType: PLAIN, sessionId: id, content: 'Blue?' }))).toEqual(
      forbidden,
    );
    expect(await streamAnswer(await openStream(ben.host, 'POST', `/api/chat/sessions/${id}/regenerate`))).toEqual(
      forbidden,
    );
    expect(await send(ben, 'post', `/api/chat/sessions/${id}/turn/stop`)).toEqual(forbidden);
    expect(await send(ben, 'put', `/api/chat/sessions/${id}/version`, { version: 1 })).toEqual(forbidden);
    expect(await send(ben, 'post', `/api/chat/sessions/${id}/messages`, { content: 'Mine' })).toEqual(forbidden);
    expect(await send(ben, 'post', `/api/chat/sessions/${id}/summarize`)).toEqual(forbidden);
    expect(
      (await anna.client().get(`/api/chat/sessions/${id}/messages`).expect(200)).body as ChatMessage[],
    ).toHaveLength(2);

    const unshared = (await share(id, false)).body as ChatSession;
    expect(unshared.sharing).toMatchObject({ yours: true, shared: false, sharedBy: null });
    expect(await titles(ben)).not.toContain(id);
    await notFound(ben, `/api/chat/sessions/${id}`);
    await notFound(ben, `/api/chat/sessions/${id}/messages`);
    expect((await ben.client().get('/api/chat/search').query({ q: 'hallway paint' }).expect(200)).body).toEqual({
      results: [],
    });
  });

  it('makes an imported chat the importer’s, private, even when it came from a chat shared with them', async () => {
    const { anna, ben } = env();
    const id = await annasChat('How long does oak oil take to dry?');
    await share(id, true);
    const exported = (await ben.client().get(`/api/chat/sessions/${id}/export?format=json`).expect(200))
      .body as ChatExport;

    const imported = (await ben.client().post('/api/chat/import').send(exported).expect(201)).body as ChatSession;
    expect(imported.sharing).toMatchObject({ yours: true, shared: false, sharedBy: null });
    expect(await titles(ben)).toContain(imported.id);
    expect(await titles(anna)).not.toContain(imported.id);
    await notFound(anna, `/api/chat/sessions/${imported.id}`);
    await notFound(anna, `/api/chat/sessions/${imported.id}/export`);
    await share(id, false);
  });

  it('refuses Ben an agent whose audience is Anna: its page, its listing, its turns, even a chat of it shared', async () => {
    const { anna, ben } = env();
    expect(await get(ben, `/api/agents/${MEANT_FOR_ANNA}`)).toEqual(forbidden);
    await anna.client().get(`/api/agents/${MEANT_FOR_ANNA}`).expect(200);
    const listed = async (who: SignedIn) =>
      ((await who.client().get('/api/agents').expect(200)).body as Array<{ id: string; restricted?: boolean }>).find(
        (agent) => agent.id === MEANT_FOR_ANNA,
      );
    expect(await listed(ben)).toMatchObject({ restricted: true });
    expect(await listed(ben)).not.toHaveProperty('persona');
    expect((await listed(anna))?.restricted).toBeUndefined();

    expect(await streamAnswer(await sendTurn(ben.host, { agentType: MEANT_FOR_ANNA, content: 'Hello?' }))).toEqual(
      forbidden,
    );
    const id = await annasChat('Hello, it is Anna.', MEANT_FOR_ANNA);
    await share(id, true);
    expect(await titles(ben)).not.toContain(id);
    await notFound(ben, `/api/chat/sessions/${id}`);
    await notFound(ben, `/api/chat/sessions/${id}/messages`);
    await share(id, false);
  });

  it('refuses Ben every route of an agent meant for Anna, as its page is refused (403), and answers Anna', async () => {
    const { app, anna, ben } = env();
    const now = new Date().toISOString();
    const memory = { format: 'mb-agent-memory', version: 1, agent: MEANT_FOR_ANNA, exportedAt: now, facts: [] };
    const fact = `/api/agents/${MEANT_FOR_ANNA}/memory/${randomUUID()}`;
    const calls: Record<string, (who: SignedIn) => Promise<Answer>> = {
      'GET /api/agents/:id': (w) => get(w, `/api/agents/${MEANT_FOR_ANNA}`),
      'GET /api/agents/:id/knowledge': (w) => get(w, `/api/agents/${MEANT_FOR_ANNA}/knowledge`),
      'GET /api/agents/:id/memory': (w) => get(w, `/api/agents/${MEANT_FOR_ANNA}/memory`),
      'DELETE /api/agents/:id/memory': (w) => send(w, 'delete', `/api/agents/${MEANT_FOR_ANNA}/memory`),
      'GET /api/agents/:id/memory/export': (w) => get(w, `/api/agents/${MEANT_FOR_ANNA}/memory/export`),
      'POST /api/agents/:id/memory/import': (w) =>
        send(w, 'post', `/api/agents/${MEANT_FOR_ANNA}/memory/import`, memory),
      'PATCH /api/agents/:id/memory/:factId': (w) => send(w, 'patch', fact, { text: 'A fact.' }),
      'DELETE /api/agents/:id/memory/:factId': (w) => send(w, 'delete', fact),
    };
    const agentRoutes = registeredRoutes(app.sut.app)
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => route.split(' ')[1].startsWith('/api/agents/:id'));
    expect(agentRoutes.filter((route) => !calls[route])).toEqual([]);

    const refusal = await get(ben, `/api/agents/${MEANT_FOR_ANNA}`);
    expect(refusal).toEqual({ status: 403, body: expect.objectContaining({ code: 'FORBIDDEN' }) });
    for (const [route, call] of Object.entries(calls)) {
      expect({ route, answer: await call(ben) }).toEqual({ route, answer: refusal });
      const hers = await call(anna);
      expect({ route, refused: hers.status === 401 || hers.status === 403 }).toEqual({ route, refused: false });
    }
  });

  it('keeps what an agent remembers for Anna from Ben: listing, export, editing or deleting one of her facts', async () => {
    const { anna, ben } = env();
    const now = new Date().toISOString();
    await anna
      .client()
      .post(`/api/agents/${MEMORY}/memory/import`)
      .send({
        format: 'mb-agent-memory',
        version: 1,
        agent: MEMORY,
        exportedAt: now,
        facts: [{ text: 'Anna keeps the spare key under the blue pot.', createdAt: now, updatedAt: now }],
      })
      .expect(200);
    const facts = (await anna.client().get(`/api/agents/${MEMORY}/memory`).expect(200)).body as {
      facts: Array<{ id: string; text: string }>;
    };
    const fact = facts.facts.find((f) => f.text.includes('blue pot'))!;

    expect(((await ben.client().get(`/api/agents/${MEMORY}/memory`).expect(200)).body as typeof facts).facts).toEqual(
      [],
    );
    const benExport = await ben.client().get(`/api/agents/${MEMORY}/memory/export`).expect(200);
    expect(JSON.stringify(benExport.body)).not.toContain('blue pot');
    const factPath = (id: string) => `/api/agents/${MEMORY}/memory/${id}`;
    const missingFact = randomUUID();
    expect(await send(ben, 'patch', factPath(fact.id), { text: 'Mine.' })).toEqual(
      await send(ben, 'patch', factPath(missingFact), { text: 'Mine.' }),
    );
    expect(await send(ben, 'delete', factPath(fact.id))).toEqual(await send(ben, 'delete', factPath(missingFact)));
    await ben.client().delete(`/api/agents/${MEMORY}/memory`).expect(204);
    expect(JSON.stringify((await anna.client().get(`/api/agents/${MEMORY}/memory`).expect(200)).body)).toContain(
      'blue pot',
    );
  });

  it('keeps API keys per person: Ben neither lists nor revokes Anna’s, nor sees the chats her key keeps', async () => {
    const { app, anna, ben } = env();
    const { apiKey, secret } = (
      await anna
        .client()
        .post('/api/keys')
        .send({ name: 'Anna’s laptop', agents: [PLAIN] })
        .expect(201)
    ).body as CreatedApiKey;
    const ids = async (who: SignedIn) =>
      ((await who.client().get('/api/keys').expect(200)).body as Array<{ id: string }>).map((k) => k.id);
    expect(await ids(anna)).toContain(apiKey.id);
    expect(await ids(ben)).not.toContain(apiKey.id);
    const revoked = await send(ben, 'delete', `/api/keys/${apiKey.id}`);
    expect(revoked).toEqual(await send(ben, 'delete', `/api/keys/${randomUUID()}`));
    expect(revoked.status).toBe(404);
    expect(await ids(anna)).toContain(apiKey.id);

    const openai = await openAiClient(app.sut, secret);
    await openai.chat.completions.create({
      model: PLAIN,
      messages: [{ role: 'user', content: 'Anna asks through her key about the attic ladder.' }],
    });
    const kept = async (who: SignedIn) =>
      ((await who.client().get('/api/chat/search').query({ q: 'attic ladder' }).expect(200)).body as SearchResponse)
        .results;
    const sessions = new Set((await kept(anna)).map((result) => result.sessionId));
    expect(sessions.size).toBe(1);
    const [sessionId] = sessions;
    expect(await kept(ben)).toEqual([]);
    expect(await titles(ben)).not.toContain(sessionId);
    await notFound(ben, `/api/chat/sessions/${sessionId}/messages`);
  });
});

describe('People: chats from before people stay visible to everyone, as shared (e2e)', () => {
  it('shows a chat made with the shared code to Anna and Ben once the app restarts with a people file: either may rename it, neither may make it private', async () => {
    const database = await createIsolatedDatabase();
    try {
      const before = await startConversationApp({ database });
      let id: string;
      try {
        const client = await before.sut.authorized();
        id = ((await client.post('/api/chat/sessions').send({ agentType: PLAIN }).expect(201)).body as ChatSession).id;
        await client
          .post(`/api/chat/sessions/${id}/messages`)
          .send({ role: 'user', content: 'From before.' })
          .expect(201);
      } finally {
        await before.close();
      }

      current = await startWithPeople({ database });
      try {
        const { anna, ben } = env();
        for (const who of [anna, ben]) {
          const listed = ((await who.client().get('/api/chat/sessions').expect(200)).body as ChatSession[]).find(
            (chat) => chat.id === id,
          );
          expect(listed?.sharing).toMatchObject({
            yours: false,
            shared: true,
            sharedBy: null,
            sharedAt: null,
            canChange: true,
            canShare: false,
          });
          await who.client().get(`/api/chat/sessions/${id}/messages`).expect(200);
        }
        // No one started it, so no one may make it private; any person may rename it, as before people.
        const unshare = await ben.client().patch(`/api/chat/sessions/${id}`).send({ shared: false }).expect(403);
        expect(unshare.body).toMatchObject({
          code: 'FORBIDDEN',
          message:
            'Sharing was not changed: this chat is from before people were set up: everyone in the circle already sees it.',
        });
        await ben.client().patch(`/api/chat/sessions/${id}`).send({ title: 'Renamed by Ben' }).expect(200);
        expect((await anna.client().get(`/api/chat/sessions/${id}`).expect(200)).body).toMatchObject({
          title: 'Renamed by Ben',
        });
      } finally {
        await current.app.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('People: replies in progress, edits, ids in capitals and API keys (e2e)', () => {
  beforeAll(async () => {
    current = await startWithPeople();
  });
  afterAll(() => current?.app.close());

  /** Ben's answer for Anna's chat, once it equals his answer for a chat nothing has. */
  const asMissing = async (call: (id: string) => Promise<Answer>, id: string) => {
    const answer = await call(id);
    expect(answer).toEqual(await call(randomUUID()));
    expect(answer.status).toBe(404);
  };

  it('cannot be re-attached to, stopped or steered by Ben, and goes on for Anna', async () => {
    const { app, anna, ben } = env();
    app.openai.script({ match: streamedCalls, hang: true });
    const stream = await sendTurn(anna.host, { agentType: PLAIN, content: 'Draft a long letter, please.' });
    const events = stream.events();
    const first = (await events.next()).value;
    if (first?.type !== 'session') throw new Error('a turn opens with its session');
    const id = first.session.id;
    await eventually(() => app.openai.streamedRequests().length === 1, 'the reply to be asked for');

    await asMissing(
      async (chat) => streamAnswer(await openStream(ben.host, 'GET', `/api/chat/sessions/${chat}/turn`)),
      id,
    );
    await asMissing((chat) => send(ben, 'post', `/api/chat/sessions/${chat}/turn/stop`), id);
    await asMissing(
      (chat) => send(ben, 'post', `/api/chat/sessions/${chat}/turn/tool-calls/call_0_0`, { allow: false }),
      id,
    );

    const again = await openStream(anna.host, 'GET', `/api/chat/sessions/${id}/turn`);
    expect(again.status).toBe(200);
    expect(await send(anna, 'post', `/api/chat/sessions/${id}/turn/stop`)).toEqual({
      status: 200,
      body: { stopped: true },
    });
    expect((await again.all()).at(-1)?.type).toBe('stopped');
    stream.disconnect();
  });

  it('keeps a tool call waiting for Anna’s decision from Ben: his allow is a missing chat’s, hers runs it', async () => {
    const { app, anna, ben } = env();
    app.openai.reset();
    app.openai.script(
      { toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }], match: streamedCalls },
      { text: 'It is 42.', match: streamedCalls },
    );
    const stream = await sendTurn(anna.host, { agentType: CONFIRMS, content: 'What is 6*7?' });
    const events: ChatTurnEvent[] = [];
    for await (const event of stream.events()) {
      events.push(event);
      if (event.type === 'tool-call' && event.call.status === 'awaiting-confirmation') {
        const id = only(events, 'session').session.id;
        const decide = (who: SignedIn, chat: string) =>
          send(who, 'post', `/api/chat/sessions/${chat}/turn/tool-calls/${event.call.id}`, { allow: true });
        await asMissing((chat) => decide(ben, chat), id);
        expect(await decide(anna, id)).toEqual({ status: 200, body: { accepted: true } });
      }
    }
    expect(only(events, 'done').message.toolCalls![0]).toMatchObject({ status: 'done', result: '42' });
  });

  it('answers Ben naming Anna’s message as the one he edits in a chat of his own as a message nothing has', async () => {
    const { anna, ben } = env();
    const annas = await turn(anna, { agentType: PLAIN, content: 'A question of Anna’s.' });
    const message = (
      (await anna.client().get(`/api/chat/sessions/${annas.id}/messages`).expect(200)).body as ChatMessage[]
    )[0];
    const his = await turn(ben, { agentType: PLAIN, content: 'A question of Ben’s.' });
    const edit = async (editOf: string) =>
      streamAnswer(await sendTurn(ben.host, { agentType: PLAIN, sessionId: his.id, editOf, content: 'Edited' }));
    expect(await edit(message.id)).toEqual(await edit('987654321'));
    expect(
      ((await anna.client().get(`/api/chat/sessions/${annas.id}/messages`).expect(200)).body as ChatMessage[])[0],
    ).toEqual(message);
  });

  it('takes an id in capitals as the same chat: Ben still finds nothing, Anna finds hers', async () => {
    const { anna, ben } = env();
    const annas = await turn(anna, { agentType: PLAIN, content: 'Shouted ids.' });
    const upper = annas.id.toUpperCase();
    expect(await get(ben, `/api/chat/sessions/${upper}`)).toEqual(
      await get(ben, `/api/chat/sessions/${randomUUID().toUpperCase()}`),
    );
    expect((await get(ben, `/api/chat/sessions/${upper}/messages`)).status).toBe(404);
    expect((await get(anna, `/api/chat/sessions/${upper}/messages`)).status).toBe(200);
  });

  it('answers Ben’s API key as if an agent meant for Anna did not exist: not listed on /v1, not called, not named in a key (403); Anna’s key may', async () => {
    const { app, anna, ben } = env();
    const keyOf = async (who: SignedIn) =>
      ((await who.client().post('/api/keys').send({ name: 'Every agent' }).expect(201)).body as CreatedApiKey).secret;
    const bens = await openAiClient(app.sut, await keyOf(ben));
    const annas = await openAiClient(app.sut, await keyOf(anna));
    expect((await bens.models.list()).data.map((model) => model.id)).not.toContain(MEANT_FOR_ANNA);
    expect((await annas.models.list()).data.map((model) => model.id)).toContain(MEANT_FOR_ANNA);

    const ask = (model: string) => bens.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] });
    const refused = await ask(MEANT_FOR_ANNA).catch((error: unknown) => error as { status: number; error: unknown });
    const missing = await ask('no-such-agent').catch((error: unknown) => error as { status: number; error: unknown });
    expect(refused).toMatchObject({ status: 404, error: expect.objectContaining({ code: 'model_not_found' }) });
    expect(missing).toMatchObject({ status: 404 });
    const reply = await annas.chat.completions.create({
      model: MEANT_FOR_ANNA,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0].message.content).toBe('Echo: Hi');

    const named = (who: SignedIn) => send(who, 'post', '/api/keys', { name: 'Anna’s agent', agents: [MEANT_FOR_ANNA] });
    expect(await named(ben)).toEqual(await get(ben, `/api/agents/${MEANT_FOR_ANNA}`));
    expect((await named(ben)).status).toBe(403);
    expect((await named(anna)).status).toBe(201);
  });
});

describe('People: a guest of the shared code (ACCESS_CODE_WITH_PEOPLE=guest) (e2e)', () => {
  let guest: SignedIn;

  beforeAll(async () => {
    current = await startWithPeople({ env: { ACCESS_CODE_WITH_PEOPLE: 'guest' } });
    guest = await signIn(env().app.sut, TEST_ACCESS_CODE);
  });
  afterAll(() => current?.app.close());

  it('finds nothing at Anna’s private chat, reads it once shared, and changes nothing of it', async () => {
    const { anna } = env();
    const id = (await turn(anna, { agentType: PLAIN, content: 'A guest may not see this yet.' })).id;
    for (const path of [
      `/api/chat/sessions/${id}`,
      `/api/chat/sessions/${id}/messages`,
      `/api/chat/sessions/${id}/export`,
    ]) {
      const answer = await get(guest, path);
      expect(answer).toEqual(await get(guest, path.replace(id, randomUUID())));
      expect(answer.status).toBe(404);
    }
    expect(await titles(guest)).not.toContain(id);

    await anna.client().patch(`/api/chat/sessions/${id}`).send({ shared: true }).expect(200);
    const read = await get(guest, `/api/chat/sessions/${id}`);
    expect(read).toMatchObject({
      status: 200,
      body: { sharing: { yours: false, sharedBy: 'Anna', canChange: false } },
    });
    expect(await send(guest, 'patch', `/api/chat/sessions/${id}`, { title: 'Guest title' })).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'FORBIDDEN' }),
    });
    expect(await send(guest, 'delete', `/api/chat/sessions/${id}`)).toMatchObject({ status: 403 });
  });
});
