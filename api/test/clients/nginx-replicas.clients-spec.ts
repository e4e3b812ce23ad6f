import { existsSync, rmSync } from 'node:fs';
import { FakeOpenAI, streamedCalls } from '../fakes/fake-openai';
import { newDataDir } from '../support/data-dirs';
import { eventually } from '../support/eventually';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from '../support/server-process';
import { createIsolatedDatabase, type IsolatedDatabase } from '../support/test-database';
import { isolatedRedis, type IsolatedRedis } from '../support/test-redis';
import { accessCookie, makeKeyOverHttp } from '../support/keys-over-http';
import { runPythonClient } from './python-client';
import { nginxBinary, startShippedNginx, type ProxiedRequest, type ShippedNginx } from './shipped-nginx';

const ACCESS_CODE = 'nginx-test-code';
const SESSION_SECRET = 'replicas-behind-nginx-share-this-secret-0123';
const AGENT = 'completions-only';
const OTHER_AGENT = 'calls-tools';
/** Each replica asks the model with a key of its own: the fake's record says which replica a call came from. */
const MODEL_KEYS = ['sk-replica-a-0123456789abcdefghijklmnop', 'sk-replica-b-0123456789abcdefghijklmnop'];
const WORDS = 20;
const LONG_REPLY = Array.from({ length: WORDS }, (_, i) => `word${i + 1}`).join(' ');
/** The fake sends this many words, then holds the rest until the test has read the first through nginx. */
const SENT_BEFORE_HOLD = 3;

/** Bounds a wait that would otherwise last until the test's timeout, with a message saying what did not come. */
const failAfter = (ms: number, what: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), ms).unref());

interface Replica {
  server: ServerProcess;
  port: number;
}

/** The text of the `data: {...}` chunk lines of an event stream so far (complete lines only). */
const textIn = (stream: string): string =>
  stream
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice('data: '.length)) as { choices: Array<{ delta?: { content?: string } }> })
    .map((chunk) => chunk.choices[0]?.delta?.content ?? '')
    .join('');

/**
 * Two replicas of the built server (real processes on the machine's PostgreSQL and Redis) behind a real nginx
 * running deploy/nginx.conf, as docker compose runs them: streaming passes through unbuffered, and any
 * replica serves any request. Run by `npm run test:clients -w api` (NGINX, TEST_DATABASE_URL, TEST_REDIS_URL,
 * OPENAI_PYTHON).
 */
describe('The OpenAI-compatible API through the shipped nginx config, two replicas behind it', () => {
  let openai: FakeOpenAI;
  let redis: IsolatedRedis;
  let database: IsolatedDatabase;
  let nginx: ShippedNginx;
  const replicas: Replica[] = [];
  const dataDirs: string[] = [];
  let base: string;
  let cookie: string;

  async function startReplica(modelKey: string): Promise<Replica> {
    const port = await freePort();
    const dataDir = newDataDir('mb-nginx-replica-');
    dataDirs.push(dataDir);
    const server = runServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      AGENTS_DIR: fixtureAgentsDir,
      ACCESS_CODE,
      SESSION_SECRET,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: modelKey,
      // As docker-compose.yml sets it: nginx is the one hop trusted.
      TRUST_PROXY: '1',
    });
    const replica = { server, port };
    replicas.push(replica);
    await waitForOutput(server, new RegExp(`Open http://localhost:${port}`), 60_000);
    return replica;
  }

  const replicaOf = (upstream: string) => replicas.findIndex(({ port }) => upstream === `127.0.0.1:${port}`);
  /**
   * Which replicas (0, 1) answered the `count` requests nginx logged after its first `since` lines that pass
   * `keep`. nginx writes a request's line once it has sent the answer, so they are waited for.
   */
  const replicasFor = async (since: number, keep: (request: ProxiedRequest) => boolean, count: number) => {
    const kept = await eventually(() => {
      const found = nginx.requests().slice(since).filter(keep);
      return found.length >= count && found;
    }, `${count} such lines in nginx's log`);
    expect(kept).toHaveLength(count);
    return [...new Set(kept.map((request) => replicaOf(request.upstream)))].sort();
  };
  const onPath = (path: string) => (request: ProxiedRequest) => request.path === path;
  const v1 = (secret: string, path: string, body?: object) =>
    fetch(`${base}/v1${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });

  beforeAll(async () => {
    nginxBinary();
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
    openai = await FakeOpenAI.start({ acceptedKeys: MODEL_KEYS });
    redis = await isolatedRedis();
    database = await createIsolatedDatabase();
    // One first, so the two do not race to create the schema (the tests of replicas cover that).
    await startReplica(MODEL_KEYS[0]);
    await startReplica(MODEL_KEYS[1]);
    nginx = await startShippedNginx(replicas.map(({ port }) => port));
    base = nginx.baseUrl;
    cookie = await accessCookie(base, ACCESS_CODE);
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    for (const { server } of replicas) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(replicas.map(({ server }) => server.exited));
    await openai?.close();
    await redis?.flush();
    await redis?.close();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await openai.idle();
    openai.reset();
  });

  it('lists the models on either replica (GET /v1/models)', async () => {
    const { secret } = await makeKeyOverHttp(base, cookie, { name: 'models', agents: [AGENT] });
    const since = nginx.requests().length;
    for (let i = 0; i < 2; i++) {
      const answer = await v1(secret, '/models');
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: Array<{ id: string }> }).data.map((model) => model.id)).toEqual([AGENT]);
    }
    expect(await replicasFor(since, onPath('/v1/models'), 2)).toEqual([0, 1]);
  });

  it('streams through unbuffered: the first chunk is read while the model holds the rest, then all of it to [DONE]', async () => {
    const { secret } = await makeKeyOverHttp(base, cookie, { name: 'stream', agents: [AGENT] });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    openai.script({ text: LONG_REPLY, holdAfter: { tokens: SENT_BEFORE_HOLD, until: released }, match: streamedCalls });
    let stream = '';
    /** The answer's headers, then its stream read up to the first text. */
    const firstText = async () => {
      const answer = await v1(secret, '/chat/completions', {
        model: AGENT,
        messages: [{ role: 'user', content: 'Write twenty words' }],
        stream: true,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
      while (textIn(stream) === '') {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended with no text:\n${stream}`);
        stream += value;
      }
      return reader;
    };
    try {
      // A proxy that held the stream would pass nothing on until the whole answer, which never comes while held.
      const reader = await Promise.race([
        firstText(),
        failAfter(10_000, 'no text came through nginx while the model held the rest'),
      ]);
      expect(openai.streamedRequests()[0].tokensSentAt).toHaveLength(SENT_BEFORE_HOLD);
      expect(LONG_REPLY.startsWith(textIn(stream))).toBe(true);

      release();
      for (let next = await reader.read(); !next.done; next = await reader.read()) stream += next.value;
      expect(textIn(stream)).toBe(LONG_REPLY);
      expect(stream.trimEnd().split('\n').at(-1)).toBe('data: [DONE]');
      expect(openai.streamedRequests()[0].tokensSentAt).toHaveLength(WORDS);
    } finally {
      release();
    }
  });

  it('spreads the completions over both replicas (each asks the model with its own key), and a key revoked through one is refused by both', async () => {
    const { secret, apiKey } = await makeKeyOverHttp(base, cookie, { name: 'spread', agents: [AGENT] });
    openai.script({ text: 'First answer.', match: streamedCalls }, { text: 'Second answer.', match: streamedCalls });
    const since = nginx.requests().length;
    const contents: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await v1(secret, '/chat/completions', {
        model: AGENT,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(answer.status).toBe(200);
      contents.push(
        ((await answer.json()) as { choices: Array<{ message: { content: string } }> }).choices[0].message.content,
      );
    }
    expect(contents).toEqual(['First answer.', 'Second answer.']);
    expect(await replicasFor(since, onPath('/v1/chat/completions'), 2)).toEqual([0, 1]);
    expect(
      openai
        .streamedRequests()
        .map((call) => call.headers.authorization)
        .sort(),
    ).toEqual(MODEL_KEYS.map((key) => `Bearer ${key}`).sort());

    const revoked = await fetch(`${base}/api/keys/${apiKey.id}`, { method: 'DELETE', headers: { cookie } });
    expect(revoked.status).toBe(200);
    const afterRevoking = nginx.requests().length;
    for (let i = 0; i < 2; i++) expect((await v1(secret, '/models')).status).toBe(401);
    expect(await replicasFor(afterRevoking, onPath('/v1/models'), 2)).toEqual([0, 1]);
  });

  it('serves the official Python openai package through nginx, its calls spread over both replicas', async () => {
    const { secret } = await makeKeyOverHttp(base, cookie, { name: 'python', agents: [AGENT] });
    openai.script(
      { text: 'Hello through the proxy.', match: streamedCalls },
      { text: 'One two three four five.', match: streamedCalls },
    );
    const since = nginx.requests().length;
    const run = await runPythonClient(`${base}/v1`, secret, AGENT, OTHER_AGENT);
    expect(run.models).toEqual([AGENT]);
    expect(run.whole).toMatchObject({ content: 'Hello through the proxy.', finish_reason: 'stop' });
    expect(run.streamed).toMatchObject({ text: 'One two three four five.', finish_reason: 'stop', last_choices: 0 });
    const streamedCall = openai.streamedRequests()[1];
    expect(run.streamed.usage.completion_tokens).toBe(streamedCall.tokensSentAt!.length);
    expect(run.bad_key).toMatchObject({ error: 'AuthenticationError', status: 401 });
    expect(run.forbidden_model).toMatchObject({ error: 'NotFoundError', status: 404, code: 'model_not_found' });
    expect(run.bad_field).toMatchObject({ error: 'BadRequestError', status: 400, param: 'temperature' });

    // Its six calls: the models, two completions, and the three refused.
    const fromPython = (request: ProxiedRequest) => request.userAgent.startsWith('OpenAI/Python');
    expect(await replicasFor(since, fromPython, 6)).toEqual([0, 1]);
  });
});
