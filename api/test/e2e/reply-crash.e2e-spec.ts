import { existsSync, rmSync } from 'node:fs';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { FakeOpenAI, streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { SERVER_KEY } from '../support/model-fakes';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from '../support/server-process';
import { readEvents } from '../support/sse-events';
import { createIsolatedDatabase, type IsolatedDatabase } from '../support/test-database';
import { newDataDir } from '../support/data-dirs';

const ACCESS_CODE = 'crash-test-code';
const AGENT = 'completions-only';
/** 120 words at 60 ms each: about 7 s of reply, of which the test reads about 2.5 s before the crash. */
const LONG_REPLY = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
const TOKENS_BEFORE_CRASH = 40;
/** Checkpoints come every second; a little more for the checkpoint's own write. */
const MAY_LOSE_MS = 1200;

/**
 * The built server is killed with SIGKILL in the middle of a reply and started again on the same data:
 * the reply is there up to its last checkpoint, marked incomplete, and the chat takes a new message.
 * On PostgreSQL the restarted process waits out the dead one's lease (shortened here); on the embedded
 * database, which one process owns, it frees the chat at boot.
 */
describe.each([
  { database: 'PostgreSQL (DATABASE_URL)', shared: true },
  { database: 'the embedded database', shared: false },
])('A reply cut by a crash (kill -9 of the built server) on $database', ({ database: kind, shared }) => {
  let openai: FakeOpenAI;
  let dataDir: string;
  let database: IsolatedDatabase | undefined;
  let running: ServerProcess | undefined;

  beforeAll(() => {
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
  });
  beforeEach(async () => {
    openai = await FakeOpenAI.start({ acceptedKeys: [SERVER_KEY] });
    dataDir = newDataDir('mb-crash-');
    database = shared ? await createIsolatedDatabase() : undefined;
  });
  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await openai.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function boot(port: number): Promise<ServerProcess> {
    const server = runServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url,
      AGENTS_DIR: fixtureAgentsDir,
      ACCESS_CODE,
      OPENAI_API_KEY: SERVER_KEY,
      OPENAI_BASE_URL: openai.baseUrl,
      REPLY_LEASE_MS: '3000',
      REPLY_SWEEP_MS: '250',
    });
    await waitForOutput(server, /Open http:\/\//);
    return server;
  }

  it('keeps the text streamed up to the last checkpoint, marked incomplete, and the chat goes on after a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    running = await boot(port);
    const granted = await fetch(`${base}/api/auth/grant-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passcode: ACCESS_CODE }),
    });
    const cookie = granted.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie, 'content-type': 'application/json' };
    const messagesOf = async (sessionId: string) =>
      (await (await fetch(`${base}/api/chat/sessions/${sessionId}/messages`, { headers })).json()) as ChatMessage[];

    openai.script({ match: streamedCalls, text: LONG_REPLY, tokenDelayMs: 60 });
    const turn = await fetch(`${base}/api/chat/turns`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ agentType: AGENT, content: 'Tell me a long story' }),
    });
    let sessionId = '';
    let seen = '';
    const seenAt: Array<{ at: number; length: number }> = [];
    for await (const event of readEvents(turn.body!)) {
      if (event.type === 'session') sessionId = event.session.id;
      if (event.type !== 'token') continue;
      seen += event.text;
      seenAt.push({ at: Date.now(), length: seen.length });
      if (seenAt.length === TOKENS_BEFORE_CRASH) break;
    }
    const killedAt = Date.now();
    running.child.kill('SIGKILL');
    await running.exited;
    const seenBeforeLastSecond = seenAt.filter(({ at }) => at <= killedAt - MAY_LOSE_MS).at(-1)?.length ?? 0;

    running = await boot(port);
    // On the embedded database the chat is freed at boot: the reply must be there at once.
    const kept = await eventually(
      async () => {
        const last = (await messagesOf(sessionId)).at(-1);
        return last?.role === 'assistant' ? last : undefined;
      },
      'the interrupted reply',
      { timeoutMs: shared ? 10_000 : 0, intervalMs: 100 },
    );
    console.log(
      `kill -9 mid-reply (${kind}): ${seen.length} characters seen by the client, ` +
        `${kept.content.length} kept (${seenBeforeLastSecond} seen up to ${MAY_LOSE_MS} ms before the kill)`,
    );
    expect(kept.incomplete).toBe(true);
    expect(seen.startsWith(kept.content)).toBe(true);
    expect(kept.content.length).toBeGreaterThanOrEqual(seenBeforeLastSecond);
    expect(seenBeforeLastSecond).toBeGreaterThan(0);

    const next = await fetch(`${base}/api/chat/turns`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ agentType: AGENT, sessionId, content: 'Are you back?' }),
    });
    expect(next.status).toBe(200);
    const events: ChatTurnEvent[] = [];
    for await (const event of readEvents(next.body!)) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'done', message: { content: 'Echo: Are you back?', order: 3 } });
  });
});
