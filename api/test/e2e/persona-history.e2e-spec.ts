import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { PersonaApplied } from '@mb/contracts/types/wire/persona-applied';
import type { PersonaChanges } from '@mb/contracts/types/wire/persona-changes';
import type { PersonaView } from '@mb/contracts/types/wire/persona-view';
import { fixtureAgent } from '../support/fixture-agents';
import { conversationAppPerSuite } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

/** Fixture agents, named for what they exercise. */
const RECONFIGURABLE = 'reconfigurable';
const NOT_RECONFIGURABLE = 'completions-only';
const GREETING = 'Reconfigured by the test: ready in the new role.';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const agentDefault = fixtureAgent(RECONFIGURABLE).persona;

const estimator: AgentConfig = {
  role_description: 'You are a basement waterproofing estimator who answers in short bullet lists.',
  domains: [{ title: 'Drainage', description: 'Interior and exterior drain tile, sump pits and discharge lines.' }],
  response_guidelines: [
    { priority: 'high', content: 'Give a price range for every recommendation.' },
    { priority: 1, content: 'Ask for the square footage first.' },
  ],
};

/** The agent's persona with one more guideline, a new priority, another domain and a longer role. */
const edited: AgentConfig = {
  role_description: 'You are a careful test agent whose persona a pasted configuration may replace.',
  domains: [{ title: 'Mould', description: 'Spotting and removing mould.' }],
  response_guidelines: [
    { priority: 3, content: 'Keep answers short.' },
    { priority: 'low', content: 'End with one follow-up question.' },
  ],
};

describe('Persona history (the persona panel)', () => {
  const env = conversationAppPerSuite();
  const client = () => env.sut.authorized();
  const personaPath = (id: string) => `/api/chat/sessions/${id}/persona`;

  const view = async (id: string) => (await (await client()).get(personaPath(id)).expect(200)).body as PersonaView;

  /** A reconfigurable chat whose persona was pasted into the composer. */
  async function pastedChat(persona: AgentConfig = estimator): Promise<string> {
    const events = await (
      await sendTurn(env.sut, { agentType: RECONFIGURABLE, content: JSON.stringify(persona, null, 2) })
    ).all();
    return only(events, 'session').session.id;
  }

  async function chatOf(agentType: string): Promise<string> {
    const res = await (await client()).post('/api/chat/sessions').send({ agentType }).expect(201);
    return (res.body as { id: string }).id;
  }

  it("shows a new chat's persona as the agent's own, with no history", async () => {
    const id = await chatOf(RECONFIGURABLE);
    expect(await view(id)).toEqual({ inForce: agentDefault, agentDefault, isDefault: true, history: [] });
  });

  it('records a configuration pasted into the composer', async () => {
    const id = await pastedChat();
    const persona = await view(id);
    expect(persona).toMatchObject({ inForce: estimator, agentDefault, isDefault: false });
    expect(persona.history).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        createdAt: expect.any(String),
        description: '2 guidelines added, 1 guideline removed, 1 domain added, 1 domain removed, role changed',
        isDefault: false,
      },
    ]);
  });

  it('applies a persona exactly as pasting it does: stored, confirmed with the same greeting, recorded', async () => {
    const id = await pastedChat();
    const res = await (await client()).put(personaPath(id)).send(edited).expect(200);
    const body = res.body as PersonaApplied;

    expect(body.session).toMatchObject({ id, persona: edited });
    expect(body.session.systemPrompt?.startsWith(edited.role_description)).toBe(true);
    expect(body.message).toMatchObject({ role: 'assistant', content: GREETING });
    expect(body.entry).toMatchObject({ isDefault: false, description: expect.stringContaining('role changed') });

    const messages = (await (await client()).get(`/api/chat/sessions/${id}/messages`).expect(200)).body as {
      role: string;
      content: string;
    }[];
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', JSON.stringify(estimator, null, 2)],
      ['assistant', GREETING],
      ['assistant', GREETING],
    ]);
    const persona = await view(id);
    expect(persona.inForce).toEqual(edited);
    expect(persona.history.map((entry) => entry.id)).toEqual([body.entry.id, expect.any(String)]);
  });

  it('restores an earlier persona and resets to the agent default, each recorded, newest first', async () => {
    const id = await pastedChat();
    await (await client()).put(personaPath(id)).send(edited).expect(200);
    const pasted = (await view(id)).history[1];

    const restored = (
      await (
        await client()
      )
        .post(`${personaPath(id)}/restore`)
        .send({ historyId: pasted.id })
        .expect(200)
    ).body as PersonaApplied;
    expect(restored.session.persona).toEqual(estimator);
    expect(restored.message.content).toBe(GREETING);
    expect(restored.entry.description).toMatch(/^Restored an earlier persona \(/);

    const reset = (await (await client()).post(`${personaPath(id)}/reset`).expect(200)).body as PersonaApplied;
    expect(reset.session.persona).toBeNull();
    expect(reset.entry).toMatchObject({
      isDefault: true,
      description: expect.stringMatching(/^Reset to agent default \(/),
    });

    // Read again by another client: everything was stored.
    const persona = await view(id);
    expect(persona).toMatchObject({ inForce: agentDefault, isDefault: true });
    expect(persona.history.map((entry) => [entry.id, entry.isDefault])).toEqual([
      [reset.entry.id, true],
      [restored.entry.id, false],
      [expect.any(String), false],
      [pasted.id, false],
    ]);
    const stamps = persona.history.map((entry) => Date.parse(entry.createdAt));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);

    // Restoring the reset entry is a reset too; restoring the paste brings it back again.
    await (
      await client()
    )
      .post(`${personaPath(id)}/restore`)
      .send({ historyId: pasted.id })
      .expect(200);
    const again = await (await client()).post(`${personaPath(id)}/restore`).send({ historyId: reset.entry.id });
    expect((again.body as PersonaApplied).session.persona).toBeNull();
  });

  it('replies with the persona in force after a reset', async () => {
    const id = await pastedChat();
    await (await client()).post(`${personaPath(id)}/reset`).expect(200);
    await (await sendTurn(env.sut, { agentType: RECONFIGURABLE, sessionId: id, content: 'Hello' })).all();

    const system: string = env.openai.streamedRequests()[0].body.messages[0].content;
    expect(system.startsWith(agentDefault.role_description)).toBe(true);
  });

  it("answers how the chat's persona differs from the agent's, readably", async () => {
    const id = await chatOf(RECONFIGURABLE);
    const none = (await (await client()).get(`${personaPath(id)}/changes`).expect(200)).body as PersonaChanges;
    expect(none).toMatchObject({ isDefault: true, summary: 'no changes', role: { changed: false } });

    await (await client()).put(personaPath(id)).send(edited).expect(200);
    const changes = (await (await client()).get(`${personaPath(id)}/changes`).expect(200)).body as PersonaChanges;
    expect(changes.isDefault).toBe(false);
    expect(changes.role.changed).toBe(true);
    expect(changes.role.parts).toContainEqual({ type: 'added', text: 'careful ' });
    expect(changes.domains).toEqual({
      added: [{ title: 'Mould', description: 'Spotting and removing mould.' }],
      removed: agentDefault.domains,
      changed: [],
    });
    expect(changes.guidelines).toEqual({
      added: [{ priority: 'low', content: 'End with one follow-up question.' }],
      removed: [],
      changed: [{ content: 'Keep answers short.', from: 1, to: 3 }],
    });
    expect(changes.summary).toBe(
      '1 guideline added, 1 guideline priority changed, 1 domain added, 1 domain removed, role changed',
    );
  });

  it.each([
    ['a missing field', { ...estimator, domains: undefined }],
    ['an unknown field', { ...estimator, tone: 'warm' }],
    ['a bad priority', { ...estimator, response_guidelines: [{ priority: 'urgent', content: 'x' }] }],
    ['an empty role', { ...estimator, role_description: '   ' }],
    ['several problems', { role_description: 7, domains: [{ title: 'x' }], extra: true }],
  ])('refuses a persona with %s in the words pasting it gets, and changes nothing', async (_case, config) => {
    const id = await pastedChat();
    const pasted = await sendTurn(env.sut, {
      agentType: RECONFIGURABLE,
      sessionId: id,
      content: JSON.stringify(config),
    });
    const applied = await (await client()).put(personaPath(id)).send(config);

    expect(applied.status).toBe(400);
    expect(pasted.status).toBe(400);
    expect(applied.body).toMatchObject({ code: 'VALIDATION_FAILED', message: pasted.error?.message });
    expect(applied.body.details).toEqual(pasted.error?.details);
    expect(applied.body.message).toMatch(/^This configuration was not applied: \//);
    const persona = await view(id);
    expect([persona.inForce, persona.history.length]).toEqual([estimator, 1]);
  });

  it('words the problems as the persona panel does (web/src/features/persona/validation)', async () => {
    const id = await pastedChat();
    const res = await (
      await client()
    )
      .put(personaPath(id))
      .send({ ...estimator, role_description: '   ', response_guidelines: [{ priority: 'urgent', content: 'x' }] });
    expect(res.body.details).toEqual([
      '/role_description: must match pattern "\\S"',
      '/response_guidelines/0/priority: must be integer',
      '/response_guidelines/0/priority: must be one of: critical, high, medium, low',
      '/response_guidelines/0/priority: must match a schema in anyOf',
    ]);
  });

  it('refuses a persona over the size a pasted one may have, in the same words as pasting it', async () => {
    const huge: AgentConfig = {
      role_description: 'You are a very thorough assistant.',
      domains: Array.from({ length: 20 }, (_, i) => ({ title: `Area ${i}`, description: 'x'.repeat(1000) })),
      response_guidelines: Array.from({ length: 20 }, (_, i) => ({
        priority: 'high',
        content: `Rule ${i} `.repeat(90),
      })),
    };
    const id = await chatOf(RECONFIGURABLE);
    const applied = await (await client()).put(personaPath(id)).send(huge).expect(400);
    const pasted = await sendTurn(env.sut, { agentType: RECONFIGURABLE, sessionId: id, content: JSON.stringify(huge) });

    expect(applied.body.message).toMatch(
      /^This configuration was not applied: the configuration is \d+ characters long; at most 32000 are accepted$/,
    );
    expect([pasted.status, pasted.error?.message]).toEqual([400, applied.body.message]);
    expect((await view(id)).history).toEqual([]);
  });

  it('refuses to change the persona of an agent that is not reconfigurable, saying why', async () => {
    const id = await chatOf(NOT_RECONFIGURABLE);
    const agent = await client();
    const refusals = [
      await agent.put(personaPath(id)).send(estimator),
      await agent.post(`${personaPath(id)}/restore`).send({ historyId: UNKNOWN_ID }),
      await agent.post(`${personaPath(id)}/reset`),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`the agent "${NOT_RECONFIGURABLE}" is not reconfigurable`);
    }
    // Reading is fine: it is the agent's own persona.
    expect(await view(id)).toMatchObject({ isDefault: true, history: [] });
  });

  it('answers 400 for a malformed id, 404 for an unknown chat or history entry', async () => {
    const agent = await client();
    const id = await pastedChat();
    const other = await pastedChat(edited);
    const otherEntry = (await view(other)).history[0].id;

    expect((await agent.get(personaPath('not-a-uuid'))).status).toBe(400);
    expect((await agent.get(personaPath(UNKNOWN_ID))).status).toBe(404);
    expect((await agent.get(`${personaPath(UNKNOWN_ID)}/changes`)).status).toBe(404);
    expect((await agent.put(personaPath(UNKNOWN_ID)).send(estimator)).status).toBe(404);
    expect((await agent.post(`${personaPath(UNKNOWN_ID)}/reset`)).status).toBe(404);
    const malformed = await agent.post(`${personaPath(id)}/restore`).send({ historyId: 'seven' });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await agent.post(`${personaPath(id)}/restore`).send({})).status).toBe(400);
    const unknown = await agent.post(`${personaPath(id)}/restore`).send({ historyId: UNKNOWN_ID });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Persona history entry was not found']);
    // Another chat's entry is not this chat's history.
    expect((await agent.post(`${personaPath(id)}/restore`).send({ historyId: otherEntry })).status).toBe(404);
    expect((await view(id)).history).toHaveLength(1);
  });

  it('refuses every persona route without access', async () => {
    const id = await pastedChat();
    const anonymous = env.sut.anonymous();
    const answers = [
      await anonymous.get(personaPath(id)),
      await anonymous.get(`${personaPath(id)}/changes`),
      await anonymous.put(personaPath(id)).send(edited),
      await anonymous.post(`${personaPath(id)}/restore`).send({ historyId: UNKNOWN_ID }),
      await anonymous.post(`${personaPath(id)}/reset`),
    ];
    expect(answers.map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    expect((await view(id)).inForce).toEqual(estimator);
  });

  it("deletes a chat's persona history with the chat", async () => {
    const id = await pastedChat();
    await (await client()).delete(`/api/chat/sessions/${id}`).expect(204);
    expect((await (await client()).get(personaPath(id))).status).toBe(404);
  });
});
