import { streamedCalls } from '../fakes/fake-openai';
import { fixtureAgent } from '../support/fixture-agents';
import { conversationAppPerSuite } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

/** Fixture agents, named for what they exercise. */
const RECONFIGURABLE = 'reconfigurable';
const NOT_RECONFIGURABLE = 'completions-only';

const pastedConfig = {
  role_description: 'You are a basement waterproofing estimator who answers in short bullet lists.',
  domains: [{ title: 'Drainage', description: 'Interior and exterior drain tile, sump pits and discharge lines.' }],
  response_guidelines: [
    { priority: 'high', content: 'Give a price range for every recommendation.' },
    { priority: 1, content: 'Ask for the square footage first.' },
  ],
};

describe('Live reconfiguration (a pasted agent configuration)', () => {
  const env = conversationAppPerSuite();

  const sessionCount = async () =>
    (await (await env.sut.authorized()).get('/api/chat/sessions').expect(200)).body.length as number;

  it('stores a valid configuration on the session, confirms with the agent greeting and calls no model', async () => {
    const events = await (
      await sendTurn(env.sut, { agentType: RECONFIGURABLE, content: JSON.stringify(pastedConfig, null, 2) })
    ).all();

    expect(events.map((e) => e.type)).toEqual(['session', 'user-message', 'reconfigured', 'done']);
    expect(only(events, 'reconfigured').session.persona).toEqual(pastedConfig);
    expect(only(events, 'done').message).toMatchObject({
      role: 'assistant',
      content: 'Reconfigured by the test: ready in the new role.',
    });
    expect(env.openai.completionRequests()).toHaveLength(0);
    const stored = await (
      await env.sut.authorized()
    )
      .get(`/api/chat/sessions/${only(events, 'session').session.id}`)
      .expect(200);
    expect(stored.body.persona).toEqual(pastedConfig);
  });

  it('answers with the pasted persona from then on, most important rules first', async () => {
    const first = await (
      await sendTurn(env.sut, { agentType: RECONFIGURABLE, content: JSON.stringify(pastedConfig) })
    ).all();
    const sessionId = only(first, 'session').session.id;
    await (
      await sendTurn(env.sut, { agentType: RECONFIGURABLE, sessionId, content: 'My basement floods every spring' })
    ).all();

    const system: string = env.openai.streamedRequests()[0].body.messages[0].content;
    expect(system.startsWith(pastedConfig.role_description)).toBe(true);
    expect(system).toContain('Drainage: Interior and exterior drain tile');
    expect(system.indexOf('Ask for the square footage first.')).toBeLessThan(system.indexOf('Give a price range'));
    expect(system).not.toContain(fixtureAgent(RECONFIGURABLE).persona.role_description);
  });

  it('confirms with the default greeting when the agent file words none', async () => {
    expect(fixtureAgent('reconfigurable-default-greeting').conversation.reconfiguredGreeting).toBeUndefined();
    const events = await (
      await sendTurn(env.sut, { agentType: 'reconfigurable-default-greeting', content: JSON.stringify(pastedConfig) })
    ).all();

    expect(only(events, 'reconfigured').session.persona).toEqual(pastedConfig);
    expect(only(events, 'done').message.content).toBe('Configuration updated. How can I help you now?');
    expect(env.openai.streamedRequests()).toHaveLength(0);
  });

  it('reconfigures an existing chat without starting a new one', async () => {
    const first = await (await sendTurn(env.sut, { agentType: RECONFIGURABLE, content: 'Hello' })).all();
    const sessionId = only(first, 'session').session.id;
    const events = await (
      await sendTurn(env.sut, { agentType: RECONFIGURABLE, sessionId, content: JSON.stringify(pastedConfig) })
    ).all();

    expect(only(events, 'session')).toMatchObject({ created: false, session: { id: sessionId } });
    expect(only(events, 'reconfigured').session).toMatchObject({ id: sessionId, persona: pastedConfig });
  });

  it.each([
    ['a missing field', { ...pastedConfig, domains: undefined }, '/domains: is required'],
    ['an unknown field', { ...pastedConfig, tone: 'warm' }, '/tone: is not an allowed property'],
    // Who may use the agent, what files it reads and what it remembers are the agent file's alone.
    ['an audience', { ...pastedConfig, audience: ['ben'] }, '/audience: is not an allowed property'],
    ['knowledge', { ...pastedConfig, knowledge: ['../../etc/'] }, '/knowledge: is not an allowed property'],
    ['memory', { ...pastedConfig, memory: true }, '/memory: is not an allowed property'],
    [
      'a bad priority',
      { ...pastedConfig, response_guidelines: [{ priority: 'urgent', content: 'x' }] },
      '/response_guidelines/0/priority',
    ],
    ['an empty role', { ...pastedConfig, role_description: '   ' }, '/role_description'],
  ])(
    'refuses a configuration with %s, saying what is wrong, and stores and sends nothing',
    async (_case, config, problem) => {
      const before = await sessionCount();
      const turn = await sendTurn(env.sut, { agentType: RECONFIGURABLE, content: JSON.stringify(config) });

      expect(turn.status).toBe(400);
      expect(turn.error?.code).toBe('VALIDATION_FAILED');
      expect(turn.error?.message).toMatch(/^This configuration was not applied: /);
      expect(turn.error?.details?.join('\n')).toContain(problem);
      expect(await sessionCount()).toBe(before);
      expect(env.openai.completionRequests()).toHaveLength(0);
    },
  );

  it('refuses broken JSON that was meant as a configuration', async () => {
    const turn = await sendTurn(env.sut, {
      agentType: RECONFIGURABLE,
      content: '{"role_description": "You are terse.",}',
    });
    expect([turn.status, turn.error?.details?.[0]]).toEqual([400, expect.stringMatching(/^it is not valid JSON/)]);
  });

  it('refuses a configuration over the size cap without parsing it', async () => {
    const huge = JSON.stringify({ ...pastedConfig, role_description: 'x'.repeat(40_000) });
    const turn = await sendTurn(env.sut, { agentType: RECONFIGURABLE, content: huge });
    expect([turn.status, turn.error?.details?.[0]]).toEqual([
      400,
      expect.stringContaining('at most 32000 are accepted'),
    ]);
  });

  it('treats pasted JSON as an ordinary message for an agent that is not reconfigurable', async () => {
    const content = JSON.stringify(pastedConfig);
    env.openai.script({ match: streamedCalls, text: 'That looks like a configuration file.' });
    const events = await (await sendTurn(env.sut, { agentType: NOT_RECONFIGURABLE, content })).all();

    expect(events.map((e) => e.type)).not.toContain('reconfigured');
    expect(only(events, 'done').message.content).toBe('That looks like a configuration file.');
    expect(env.openai.streamedRequests()[0].body.messages.at(-1)).toEqual({ role: 'user', content });
    expect(only(events, 'session').session.persona).toBeNull();
  });
});
