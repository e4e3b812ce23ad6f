import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicAgent } from '@mb/contracts/types/wire/public-agent';
import { AgentRegistry } from '../../src/agents';
import type { AgentReload } from '../../src/agents/agent-registry.service';
import { eventually } from '../support/eventually';
import { agentIdsIn, fixtureAgent, readAgentIn } from '../support/fixture-agents';
import { startTestApp, type TestApp } from '../support/test-app';

describe('Agents (e2e)', () => {
  let sut: TestApp;
  /** Every reload the watcher caused, with what it found. */
  const reloads: AgentReload[] = [];

  beforeAll(async () => {
    sut = await startTestApp({ privateAgents: true });
    sut.app.get(AgentRegistry).onReload((reload) => reloads.push(reload));
  });
  afterAll(() => sut.close());

  /** Waits for a reload, after the ones seen so far, that met a problem with `file` matching `problem`. */
  const reloadFinding = (file: string, problem: RegExp) => {
    const from = reloads.length;
    return eventually(
      () =>
        reloads
          .slice(from)
          .find((reload) =>
            reload.problems.some((p) => p.file.endsWith(file) && problem.test(`${p.pointer}: ${p.message}`)),
          ),
      `a reload that finds ${file} wrong (${problem})`,
    );
  };

  const publicAgents = async () => (await sut.anonymous().get('/api/agents').expect(200)).body as PublicAgent[];
  const publicIds = async () => (await publicAgents()).map((a) => a.id);
  const readAgent = (id: string) => readAgentIn(sut.agentsDir, id);

  it('lists every agent file publicly with only what a browser needs before access', async () => {
    const agents = await publicAgents();
    expect(agents.map((a) => a.id).sort()).toEqual(agentIdsIn(sut.agentsDir).sort());
    for (const agent of agents) expect(Object.keys(agent).sort()).toEqual(['access', 'display', 'id', 'routes']);
    const body = JSON.stringify(agents);
    expect(body).not.toContain('role_description');
    expect(body).not.toContain(readAgent('completions-only').persona.role_description);
  });

  it('lists the hub cards first in ascending hub order, then the agents without a card by id', async () => {
    const agents = await publicAgents();
    const cards = agents.filter((a) => a.display.hub);
    expect(cards.map((a) => a.id).slice(0, 2)).toEqual(['hub-card-order-2', 'hub-card-order-10']);
    expect(agents.slice(0, cards.length)).toEqual(cards);
    const orders = cards.map((a) => a.display.hub!.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const rest = agents.slice(cards.length).map((a) => a.id);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it('answers an agent on every one of its routes, the first being canonical', async () => {
    const agent = (await publicAgents()).find((a) => a.id === 'has-route-alias');
    expect(agent?.routes).toEqual(['/has-route-alias', '/route-alias']);
  });

  it.each([
    ['redirect', 'completions-only'],
    ['alert', 'access-alert'],
    ['passcode', 'access-passcode'],
  ])('gives browsers without access the %s behaviour and its texts, as the file words them', async (_mode, id) => {
    const agent = (await publicAgents()).find((a) => a.id === id);
    expect(agent?.access).toEqual(readAgent(id).access);
  });

  it('keeps the full definition, persona included, behind access', async () => {
    await sut.anonymous().get('/api/agents/completions-only').expect(401);
    const client = await sut.authorized();
    const res = await client.get('/api/agents/completions-only').expect(200);
    expect(res.body).toEqual(readAgent('completions-only'));
    await client.get('/api/agents/no-such-agent').expect(404);
  });

  it.each(agentIdsIn().filter((id) => fixtureAgent(id).input.attach !== 'upload'))(
    'serves %s with access exactly as its file declares it',
    async (id) => {
      const res = await (await sut.authorized()).get(`/api/agents/${id}`).expect(200);
      expect(res.body).toEqual(readAgent(id));
    },
  );

  it.each(agentIdsIn().filter((id) => fixtureAgent(id).input.attach === 'upload'))(
    'serves %s as its file declares it, with what it takes as attachments resolved by the server',
    async (id) => {
      const res = await (await sut.authorized()).get(`/api/agents/${id}`).expect(200);
      const declared = readAgent(id);
      const { attachments, ...input } = res.body.input;
      const { attachments: _declaredAttachments, ...declaredInput } = declared.input;
      expect({ ...res.body, input, model: { ...res.body.model, vision: declared.model.vision } }).toEqual({
        ...declared,
        input: declaredInput,
      });
      expect(res.body.model.vision).toBe(declared.model.vision ?? expect.any(Boolean));
      expect(attachments).toEqual({
        kinds: declared.input.attachments?.kinds ?? ['image', 'document'],
        maxFiles: declared.input.attachments?.maxFiles ?? 4,
        maxFileBytes: declared.input.attachments?.maxFileBytes ?? 25 * 1024 * 1024,
      });
    },
  );

  it('serves an agent file dropped in while running, without a restart', async () => {
    const template = readAgent('completions-only');
    writeFileSync(
      join(sut.agentsDir, 'dropped-in.json'),
      JSON.stringify({ ...template, id: 'dropped-in', routes: ['/dropped-in'] }),
    );
    await eventually(async () => (await publicIds()).includes('dropped-in'), 'the new agent in the list');
    const client = await sut.authorized();
    await client.post('/api/chat/sessions').send({ agentType: 'dropped-in', title: 'Roses' }).expect(201);
  });

  it('applies a valid edit and keeps the last good version through an invalid one', async () => {
    const file = join(sut.agentsDir, 'short-titles.json');
    const original = readAgent('short-titles');
    const client = await sut.authorized();
    const title = async () => (await client.get('/api/agents/short-titles')).body.display.title as string;

    writeFileSync(file, JSON.stringify({ ...original, display: { ...original.display, title: 'Renamed Agent' } }));
    await eventually(async () => (await title()) === 'Renamed Agent', 'the renamed agent');

    // Each time, the reload that read the broken file has run before the title is checked.
    let read = reloadFinding('short-titles.json', /not valid JSON/);
    writeFileSync(file, '{ "id": "short-titles", ');
    await read;
    expect(await title()).toBe('Renamed Agent');

    read = reloadFinding('short-titles.json', /^\/routing/);
    writeFileSync(file, JSON.stringify({ ...original, routing: { strategy: 'telepathy' } }));
    await read;
    expect(await title()).toBe('Renamed Agent');
  });

  it('refuses a new file that claims a route another agent serves', async () => {
    const template = readAgent('completions-only');
    const refused = reloadFinding('impostor.json', /^\/routes\/1: "\/route-alias" is already the route of/);
    writeFileSync(
      join(sut.agentsDir, 'impostor.json'),
      JSON.stringify({ ...template, id: 'impostor', routes: ['/impostor', '/route-alias'] }),
    );
    expect((await refused).added).not.toContain('impostor');
    expect(await publicIds()).not.toContain('impostor');
    expect(await publicIds()).toContain('has-route-alias');
  });

  it('drops an agent whose file is removed', async () => {
    rmSync(join(sut.agentsDir, 'toast-errors.json'));
    await eventually(async () => !(await publicIds()).includes('toast-errors'), 'the removed agent gone from the list');
    const client = await sut.authorized();
    await client.get('/api/agents/toast-errors').expect(404);
  });
});
