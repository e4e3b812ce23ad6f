import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Agents (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ privateAgents: true });
  });
  afterAll(() => sut.close());

  const publicIds = async () =>
    ((await sut.anonymous().get('/api/agents').expect(200)).body as Array<{ id: string }>).map((a) => a.id);
  const readAgent = (id: string) => JSON.parse(readFileSync(join(sut.agentsDir, `${id}.json`), 'utf8'));

  it('lists every agent publicly with only what a browser needs before access', async () => {
    const res = await sut.anonymous().get('/api/agents').expect(200);
    expect(res.body.map((a: { id: string }) => a.id).sort()).toEqual([
      'doctor',
      'interior-designer',
      'mbhealth',
      'moisture-control',
      'poodletime',
      'travely',
    ]);
    for (const agent of res.body) expect(Object.keys(agent).sort()).toEqual(['access', 'display', 'id', 'routes']);
    const body = JSON.stringify(res.body);
    expect(body).not.toContain('role_description');
    expect(body).not.toContain(readAgent('doctor').persona.role_description.slice(0, 40));
  });

  it('answers the moisture-control agent on both of its routes', async () => {
    const res = await sut.anonymous().get('/api/agents').expect(200);
    expect(res.body.find((a: { id: string }) => a.id === 'moisture-control').routes).toEqual([
      '/moisture-control',
      '/owner-builder',
    ]);
  });

  it('keeps the full definition, persona included, behind access', async () => {
    await sut.anonymous().get('/api/agents/doctor').expect(401);
    const client = await sut.authorized();
    const res = await client.get('/api/agents/doctor').expect(200);
    expect(res.body).toEqual(readAgent('doctor'));
    await client.get('/api/agents/no-such-agent').expect(404);
  });

  it('serves an agent file dropped in while running, without a restart', async () => {
    const travely = readAgent('travely');
    writeFileSync(
      join(sut.agentsDir, 'gardener.json'),
      JSON.stringify({ ...travely, id: 'gardener', routes: ['/gardener'] }),
    );
    expect(await eventually(publicIds, (ids) => ids.includes('gardener'))).toContain('gardener');
    const client = await sut.authorized();
    await client.post('/api/chat/sessions').send({ agentType: 'gardener', title: 'Roses' }).expect(201);
  });

  it('applies a valid edit and keeps the last good version through an invalid one', async () => {
    const file = join(sut.agentsDir, 'interior-designer.json');
    const original = readAgent('interior-designer');
    const client = await sut.authorized();
    const title = async () => (await client.get('/api/agents/interior-designer')).body.display.title as string;

    writeFileSync(file, JSON.stringify({ ...original, display: { ...original.display, title: 'Renamed Designer' } }));
    expect(await eventually(title, (t) => t === 'Renamed Designer')).toBe('Renamed Designer');

    writeFileSync(file, '{ "id": "interior-designer", ');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await title()).toBe('Renamed Designer');

    writeFileSync(file, JSON.stringify({ ...original, routing: { strategy: 'telepathy' } }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await title()).toBe('Renamed Designer');
  });

  it('refuses a new file that claims a route another agent serves', async () => {
    const doctor = readAgent('doctor');
    writeFileSync(
      join(sut.agentsDir, 'impostor.json'),
      JSON.stringify({ ...doctor, id: 'impostor', routes: ['/impostor', '/doctor'] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await publicIds()).not.toContain('impostor');
    expect(await publicIds()).toContain('doctor');
  });

  it('drops an agent whose file is removed', async () => {
    rmSync(join(sut.agentsDir, 'poodletime.json'));
    expect(await eventually(publicIds, (ids) => !ids.includes('poodletime'))).not.toContain('poodletime');
    const client = await sut.authorized();
    await client.get('/api/agents/poodletime').expect(404);
  });
});
