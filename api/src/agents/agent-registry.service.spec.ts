import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config';
import { eventually } from '../../test/support/eventually';
import { fixtureAgent, fixtureAgentsDir } from '../../test/support/fixture-agents';
import { AgentRegistry, type AgentReload } from './agent-registry.service';

describe(AgentRegistry.name, () => {
  let dir: string;
  let sut: AgentRegistry;
  let reloads: AgentReload[];

  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mb-registry-'));
    for (const id of ['completions-only', 'has-route-alias'])
      copyFileSync(join(fixtureAgentsDir, `${id}.json`), join(dir, `${id}.json`));
    sut = new AgentRegistry({ agentsDir: dir } as AppConfig);
    await sut.onModuleInit();
    reloads = [];
    sut.onReload((reload) => reloads.push(reload));
  });
  afterEach(async () => {
    await sut.onModuleDestroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (id: string, content: unknown) =>
    writeFileSync(join(dir, `${id}.json`), typeof content === 'string' ? content : JSON.stringify(content));
  const nextReload = () => eventually(() => reloads[0], 'a reload');

  it('sees a file written as soon as it has booted, and reports what the reload added', async () => {
    write('dropped-in', { ...fixtureAgent('completions-only'), id: 'dropped-in', routes: ['/dropped-in'] });
    expect(await nextReload()).toEqual({ added: ['dropped-in'], removed: [], problems: [] });
    expect(sut.get('dropped-in')?.routes).toEqual(['/dropped-in']);
  });

  it('reports an invalid edit with its problem, and keeps serving the last valid version', async () => {
    const original = fixtureAgent('completions-only');
    write('completions-only', '{ "id": "completions-only", ');
    const reload = await nextReload();
    expect(reload).toMatchObject({ added: [], removed: [] });
    expect(reload.problems).toEqual([
      { file: join(dir, 'completions-only.json'), pointer: '', message: expect.stringMatching(/^is not valid JSON/) },
    ]);
    expect(sut.get('completions-only')).toEqual(original);
  });

  it('reports a newcomer refused for a route another agent serves, and a removed file', async () => {
    write('impostor', { ...fixtureAgent('completions-only'), id: 'impostor', routes: ['/impostor', '/route-alias'] });
    expect((await nextReload()).problems).toEqual([
      {
        file: join(dir, 'impostor.json'),
        pointer: '/routes/1',
        message: `"/route-alias" is already the route of ${join(dir, 'has-route-alias.json')}`,
      },
    ]);
    expect(sut.get('impostor')).toBeUndefined();

    reloads.length = 0;
    rmSync(join(dir, 'has-route-alias.json'));
    expect(await nextReload()).toMatchObject({ removed: ['has-route-alias'] });
    expect(sut.list().map((agent) => agent.id)).not.toContain('has-route-alias');
  });
});
