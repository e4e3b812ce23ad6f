import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { UsageResponse } from '@mb/contracts/types/wire/usage-response';
import { costOf, priceOf } from '../../src/usage/model-prices';
import { conversationAppPerSuite } from '../support/model-fakes';
import { SteppingClock } from '../support/stepping-clock';
import { startTestApp, type TestApp } from '../support/test-app';
import { only, sendTurn } from '../support/turn-client';

/** Fixture agents: any will do, as usage is counted the same for every agent. */
const PRICED = 'completions-only';
const UNPRICED = 'search-first-lower-case';

interface SeededReply {
  at: string;
  promptTokens: number;
  completionTokens: number;
  model?: string;
}

describe('Usage (e2e)', () => {
  let sut: TestApp;
  let client: TestAgent;
  let order = 0;

  const usage = async (query = ''): Promise<UsageResponse> =>
    (await client.get(`/api/usage${query}`).expect(200)).body as UsageResponse;

  /** Replies stored as a finished turn stores them, at a chosen time. */
  async function seed(agentType: string, replies: SeededReply[]): Promise<void> {
    const session = (await client.post('/api/chat/sessions').send({ agentType }).expect(201)).body as ChatSession;
    const db = sut.app.get(DataSource);
    for (const reply of replies) {
      await db.query(
        `INSERT INTO chat_messages (session_id, role, content, "order", created_at, usage, provenance)
         VALUES ($1, 'assistant', 'A reply.', $2, $3, $4, $5)`,
        [
          session.id,
          order++,
          reply.at,
          { promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, estimated: false },
          reply.model === undefined
            ? null
            : {
                model: reply.model,
                strategy: 'completions',
                fallbacks: [],
                retries: 0,
                contextMessages: 1,
                omittedMessages: 0,
                personaHash: '0123456789ab',
              },
        ],
      );
    }
  }

  beforeAll(async () => {
    sut = await startTestApp();
    client = await sut.authorized();
    await seed(PRICED, [
      { at: '2024-01-31T23:59:59.999Z', promptTokens: 1, completionTokens: 1, model: 'gpt-4o' },
      { at: '2024-02-10T00:00:00.000Z', promptTokens: 1000, completionTokens: 100, model: 'gpt-4o' },
      { at: '2024-02-10T23:59:59.999Z', promptTokens: 3000, completionTokens: 300, model: 'gpt-4o-2024-08-06' },
      { at: '2024-02-11T12:00:00.000Z', promptTokens: 2_000_000, completionTokens: 100_000, model: 'gpt-4o-mini' },
      { at: '2024-03-01T00:00:00.000Z', promptTokens: 1, completionTokens: 1, model: 'gpt-4o' },
    ]);
    await seed(UNPRICED, [
      { at: '2024-02-10T08:00:00.000Z', promptTokens: 500, completionTokens: 50, model: 'gpt-4o' },
      { at: '2024-02-11T08:00:00.000Z', promptTokens: 700, completionTokens: 70, model: 'local-llama-3' },
      { at: '2024-02-12T08:00:00.000Z', promptTokens: 11, completionTokens: 0 },
    ]);
    // A user message and a reply saved before usage was recorded count for nothing.
    const [{ session_id: sessionId }] = await sut.app
      .get(DataSource)
      .query(`SELECT session_id FROM chat_messages LIMIT 1`);
    await sut.app.get(DataSource).query(
      `INSERT INTO chat_messages (session_id, role, content, "order", created_at) VALUES
         ($1, 'user', 'A question.', $2, '2024-02-10T09:00:00Z'), ($1, 'assistant', 'An old reply.', $3, '2024-02-10T09:00:01Z')`,
      [sessionId, 1000, 1001],
    );
  });
  afterAll(() => sut.close());

  it('needs access', async () => {
    const res = await sut.anonymous().get('/api/usage').expect(401);

    expect(res.body).toMatchObject({ code: 'ACCESS_REQUIRED' });
  });

  it('sums tokens and replies per UTC day and agent, and per agent, within the days asked for', async () => {
    const body = await usage('?from=2024-02-01&to=2024-02-29');

    expect(body.from).toBe('2024-02-01');
    expect(body.to).toBe('2024-02-29');
    expect(body.days).toEqual([
      { date: '2024-02-10', agentType: PRICED, promptTokens: 4000, completionTokens: 400, replies: 2 },
      { date: '2024-02-10', agentType: UNPRICED, promptTokens: 500, completionTokens: 50, replies: 1 },
      { date: '2024-02-11', agentType: PRICED, promptTokens: 2_000_000, completionTokens: 100_000, replies: 1 },
      { date: '2024-02-11', agentType: UNPRICED, promptTokens: 700, completionTokens: 70, replies: 1 },
      { date: '2024-02-12', agentType: UNPRICED, promptTokens: 11, completionTokens: 0, replies: 1 },
    ]);
    expect(body.agents.map(({ estimatedCostUsd: _, ...totals }) => totals)).toEqual([
      { agentType: PRICED, promptTokens: 2_004_000, completionTokens: 100_400, replies: 3 },
      { agentType: UNPRICED, promptTokens: 1211, completionTokens: 120, replies: 3 },
    ]);
  });

  it("estimates an agent's cost from each reply's model, and gives none when a model has no price", async () => {
    const body = await usage('?from=2024-02-01&to=2024-02-29');

    // gpt-4o (and its dated snapshot): 4,000 in at $2.50/M + 400 out at $10/M; gpt-4o-mini: 2M in at $0.15/M + 100k out at $0.60/M.
    const priced = 0.01 + 0.004 + 0.3 + 0.06;
    expect(body.agents.find((agent) => agent.agentType === PRICED)?.estimatedCostUsd).toBeCloseTo(priced, 6);
    expect(body.agents.find((agent) => agent.agentType === UNPRICED)?.estimatedCostUsd).toBeNull();
  });

  it('prices an agent whose replies in the range all have a known model', async () => {
    const body = await usage('?from=2024-02-10&to=2024-02-10');

    expect(body.agents).toEqual([
      { agentType: PRICED, promptTokens: 4000, completionTokens: 400, replies: 2, estimatedCostUsd: 0.014 },
      { agentType: UNPRICED, promptTokens: 500, completionTokens: 50, replies: 1, estimatedCostUsd: 0.00175 },
    ]);
  });

  it('counts only the days from and to, both included, by UTC day', async () => {
    const body = await usage('?from=2024-01-31&to=2024-01-31');

    expect(body.days).toEqual([
      { date: '2024-01-31', agentType: PRICED, promptTokens: 1, completionTokens: 1, replies: 1 },
    ]);
    expect((await usage('?from=2024-02-13&to=2024-02-29')).days).toEqual([]);
    expect((await usage('?from=2024-03-01&to=2024-03-01')).agents).toEqual([
      { agentType: PRICED, promptTokens: 1, completionTokens: 1, replies: 1, estimatedCostUsd: 0.000013 },
    ]);
  });

  it("defaults to this month so far (UTC), and from to the first of to's month", async () => {
    const today = new Date().toISOString().slice(0, 10);

    expect(await usage()).toEqual({ from: `${today.slice(0, 7)}-01`, to: today, days: [], agents: [] });
    expect(await usage('?to=2024-02-20')).toMatchObject({ from: '2024-02-01', to: '2024-02-20' });
  });

  it('takes the last day there is', async () => {
    expect(await usage('?from=9999-01-01&to=9999-12-31')).toEqual({
      from: '9999-01-01',
      to: '9999-12-31',
      days: [],
      agents: [],
    });
  });

  it.each([
    ['?from=2024-02-30', 'from is not a real date'],
    ['?from=yesterday', 'from must be a date as YYYY-MM-DD, from 1970 on'],
    ['?to=2024-2-1', 'to must be a date as YYYY-MM-DD, from 1970 on'],
    ['?from=2024-02-01&from=2024-02-02', 'from must be a date as YYYY-MM-DD, from 1970 on'],
    ['?from=2024-02-02&to=2024-02-01', 'from must not be after to'],
    ['?from=2023-01-01&to=2024-01-02', 'the range must span at most 366 days'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (query, problem) => {
    const res = await client.get(`/api/usage${query}`).expect(400);

    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [problem] });
    expect(res.body.message).toContain(problem);
  });
});

describe('Usage of real turns (e2e)', () => {
  const env = conversationAppPerSuite();
  /** Fixture agents on the default model (gpt-4o) and on one of their own (gpt-4o-mini). */
  const DEFAULT_MODEL = 'completions-only';
  const OWN_MODEL = 'tuned-model';

  async function turn(agentType: string, content: string, sessionId?: string) {
    const events = await (await sendTurn(env.sut, { agentType, content, sessionId })).all();
    return { sessionId: only(events, 'session').session.id, reply: only(events, 'done').message };
  }

  it("counts every reply a turn saves, today, under its chat's agent, priced by the model that answered", async () => {
    const first = await turn(DEFAULT_MODEL, 'How much is a crawlspace?');
    const second = await turn(DEFAULT_MODEL, 'And a vapour barrier?', first.sessionId);
    const third = await turn(OWN_MODEL, 'Hello');
    const replies = [first.reply, second.reply, third.reply];
    const today = new Date().toISOString().slice(0, 10);
    const client = await env.sut.authorized();

    const body = (await client.get('/api/usage').expect(200)).body as UsageResponse;

    const tokens = (of: typeof replies) => ({
      promptTokens: of.reduce((sum, reply) => sum + reply.usage!.promptTokens, 0),
      completionTokens: of.reduce((sum, reply) => sum + reply.usage!.completionTokens, 0),
      replies: of.length,
    });
    const cost = (of: typeof replies) =>
      of.reduce(
        (sum, r) => sum + costOf(priceOf(r.provenance!.model)!, r.usage!.promptTokens, r.usage!.completionTokens),
        0,
      );
    expect(replies.map((reply) => reply.provenance?.model)).toEqual(['gpt-4o', 'gpt-4o', 'gpt-4o-mini']);
    expect(tokens(replies).promptTokens).toBeGreaterThan(0);
    expect(body.days).toEqual([
      { date: today, agentType: DEFAULT_MODEL, ...tokens(replies.slice(0, 2)) },
      { date: today, agentType: OWN_MODEL, ...tokens(replies.slice(2)) },
    ]);
    expect(body.agents).toEqual([
      {
        agentType: DEFAULT_MODEL,
        ...tokens(replies.slice(0, 2)),
        estimatedCostUsd: expect.closeTo(cost(replies.slice(0, 2)), 6),
      },
      {
        agentType: OWN_MODEL,
        ...tokens(replies.slice(2)),
        estimatedCostUsd: expect.closeTo(cost(replies.slice(2)), 6),
      },
    ]);
  });
});

describe("Usage on the server's clock (e2e)", () => {
  let sut: TestApp;

  beforeAll(async () => {
    // Long past, so a day the system clock gave instead stands out.
    sut = await startTestApp({ clock: new SteppingClock(Date.UTC(2001, 2, 15, 12)) });
  });
  afterAll(() => sut.close());

  it("asks for the clock's month so far when no days are given", async () => {
    const body = (await (await sut.authorized()).get('/api/usage').expect(200)).body as UsageResponse;
    expect({ from: body.from, to: body.to }).toEqual({ from: '2001-03-01', to: '2001-03-15' });
  });
});
