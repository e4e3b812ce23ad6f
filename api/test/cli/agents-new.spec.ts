import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatAgentProblem, loadAgentDirectory, readAgentFile } from '../../src/agents/agent-files';
import { createAgentFile } from '../../src/agents/new-agent';
import { readPersonaOverride } from '../../src/personas/persona-override';
import { repoRoot } from '../../src/config/repo-paths';
import { fixtureAgent, fixtureAgentsDir } from '../support/fixture-agents';

/** Fixture agents the new one must not collide with: one with a route alias, one with the highest hub order. */
const EXISTING = ['completions-only', 'has-route-alias', 'hub-card-order-2', 'hub-card-order-10'];

describe('npm run agents:new', () => {
  let dir: string;
  let agentsDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mb-agents-new-'));
    agentsDir = join(dir, 'agents');
    mkdirSync(agentsDir);
    EXISTING.forEach((id) => copyFileSync(join(fixtureAgentsDir, `${id}.json`), join(agentsDir, `${id}.json`)));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A persona as a chat downloads it: the agent configuration alone. */
  const downloaded = (value: unknown = fixtureAgent('reconfigurable').persona) => {
    const path = join(dir, 'persona.json');
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return path;
  };
  const create = (from: string, id = 'new-helper', route = '/new-helper') =>
    createAgentFile({ from, id, route, agentsDir });
  const refusal = (outcome: ReturnType<typeof createAgentFile>) => (outcome.ok ? 'written' : outcome.message);

  it('writes a complete agent file that loads with the others, named and titled from its id', () => {
    const outcome = create(downloaded(), 'home-energy-2', '/home-energy');
    expect(outcome.ok).toBe(true);
    const path = join(agentsDir, 'home-energy-2.json');
    const loaded = readAgentFile(path);
    expect(loaded.ok ? [] : loaded.problems.map(formatAgentProblem)).toEqual([]);
    expect(loadAgentDirectory(agentsDir).problems.map(formatAgentProblem)).toEqual([]);
    const agent = JSON.parse(readFileSync(path, 'utf8'));
    expect(agent).toMatchObject({
      id: 'home-energy-2',
      routes: ['/home-energy'],
      display: { title: 'Home Energy 2', header: 'home energy 2', name: 'Home Energy 2', hub: { order: 11 } },
    });
    expect(resolve(agentsDir, agent.$schema)).toBe(join(repoRoot, 'schemas/agent.schema.json'));
  });

  it('writes the file as agent files are written by hand', () => {
    create(downloaded());
    const text = readFileSync(join(agentsDir, 'new-helper.json'), 'utf8');
    expect(text).toMatch(/^\{\n {2}"\$schema": /);
    expect(text).toContain('\n  "routes": ["/new-helper"],\n');
    expect(text.endsWith('}\n')).toBe(true);
  });

  describe('round trip', () => {
    it('a downloaded persona becomes an agent whose persona equals it', () => {
      const persona = fixtureAgent('reconfigurable').persona;
      create(downloaded(persona));
      expect(JSON.parse(readFileSync(join(agentsDir, 'new-helper.json'), 'utf8')).persona).toEqual(persona);
    });

    it("drops a downloaded file's $schema editor hint", () => {
      const persona = fixtureAgent('completions-only').persona;
      create(downloaded({ $schema: '../schemas/agent-config.schema.json', ...persona }));
      expect(JSON.parse(readFileSync(join(agentsDir, 'new-helper.json'), 'utf8')).persona).toEqual(persona);
    });

    it('a whole agent file gives its persona, and nothing else of its own', () => {
      const source = fixtureAgent('tuned-model');
      create(downloaded(source));
      const agent = JSON.parse(readFileSync(join(agentsDir, 'new-helper.json'), 'utf8'));
      expect(agent.persona).toEqual(source.persona);
      expect(agent.id).toBe('new-helper');
      expect(agent.model).not.toEqual(source.model);
    });
  });

  describe('refuses, writing nothing', () => {
    let before: string[];
    beforeEach(() => (before = readdirSync(agentsDir)));
    afterEach(() => expect(readdirSync(agentsDir)).toEqual(before));

    it('a taken id', () => {
      const original = readFileSync(join(agentsDir, 'completions-only.json'), 'utf8');
      expect(refusal(create(downloaded(), 'completions-only', '/elsewhere'))).toMatch(
        /^the id "completions-only" is taken: .*completions-only\.json exists$/,
      );
      expect(readFileSync(join(agentsDir, 'completions-only.json'), 'utf8')).toBe(original);
    });

    it.each([['/completions-only'], ['/route-alias']])('a route another agent has (%s)', (route) => {
      expect(refusal(create(downloaded(), 'new-helper', route))).toMatch(
        new RegExp(`^--route "${route}" is already the route of .*\\.json$`),
      );
    });

    it.each([['/api'], ['/mb'], ['/about'], ['no-slash'], ['/Upper']])(
      'a reserved or malformed route (%s)',
      (route) => {
        expect(refusal(create(downloaded(), 'new-helper', route))).toMatch(
          new RegExp(`^--route "${route}" cannot be used: `),
        );
      },
    );

    it('a malformed id', () => {
      expect(refusal(create(downloaded(), 'New Helper'))).toMatch(/^--id "New Helper" is not a valid agent id/);
    });

    it('an invalid persona, in the words the server refuses a pasted one with', () => {
      const invalid = { role_description: 'You help.', domains: [{ title: 'Only a title' }], extra: true };
      const serverProblems = readPersonaOverride(JSON.stringify(invalid));
      expect(serverProblems.kind).toBe('invalid');
      const message = refusal(create(downloaded(invalid)));
      expect(message).toMatch(/persona\.json is not a valid persona: /);
      expect(message).toContain(serverProblems.kind === 'invalid' ? serverProblems.problems.join('; ') : 'never');
    });

    it('a file that is not JSON, or cannot be read', () => {
      expect(refusal(create(downloaded('{ "role_description": ')))).toMatch(
        /persona\.json is not a valid persona: it is not valid JSON/,
      );
      expect(refusal(create(join(dir, 'missing.json')))).toMatch(/^cannot read .*missing\.json \(ENOENT\)$/);
    });
  });

  describe('as the npm script runs it', () => {
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [
          join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
          '--conditions=source',
          '--tsconfig',
          join(repoRoot, 'api/tsconfig.json'),
          join(repoRoot, 'api/src/agents/agents-new.cli.ts'),
          ...args,
        ],
        { cwd: dir, encoding: 'utf8' },
      );

    it('exits 0 with one line when written, and 1 with one line on a refusal or a missing argument', () => {
      const from = downloaded();
      const written = cli('--from', from, '--id', 'new-helper', '--route', '/new-helper', '--agents-dir', agentsDir);
      expect(written.status).toBe(0);
      expect(written.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^Wrote .*new-helper\.json: "New Helper"/),
      ]);
      expect(existsSync(join(agentsDir, 'new-helper.json'))).toBe(true);

      const taken = cli('--from', from, '--id', 'new-helper', '--route', '/other', '--agents-dir', agentsDir);
      expect(taken.status).toBe(1);
      expect(taken.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^agents:new: the id "new-helper" is taken/),
      ]);

      const missing = cli('--from', from, '--id', 'another', '--agents-dir', agentsDir);
      expect(missing.status).toBe(1);
      expect(missing.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^agents:new: --route is required/)]);
    }, 30_000);
  });
});
