import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../config/repo-paths';
import { formatAgentProblem, loadAgentDirectory } from './agent-files';

const fixturesDir = join(repoRoot, 'api/test/fixtures/agents');

describe(loadAgentDirectory.name, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mb-agents-spec-'));
    cpSync(fixturesDir, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fixture = (id: string) => JSON.parse(readFileSync(join(fixturesDir, `${id}.json`), 'utf8'));
  const write = (name: string, value: unknown) =>
    writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  const problemsOf = () => loadAgentDirectory(dir).problems.map(formatAgentProblem);

  it('loads every valid file with its path', () => {
    const { agents, problems } = loadAgentDirectory(dir);
    expect(problems).toEqual([]);
    expect(agents.map((a) => [a.agent.id, a.path])).toEqual([
      ['sample-clinic', join(dir, 'sample-clinic.json')],
      ['sample-planner', join(dir, 'sample-planner.json')],
    ]);
  });

  it('names the file, the JSON pointer and the reason for each schema problem', () => {
    const clinic = fixture('sample-clinic');
    write('sample-clinic.json', {
      ...clinic,
      model: { ...clinic.model, temperature: 'warm' },
      extra: 1,
      input: { ...clinic.input, send: 'tab' },
    });
    expect(problemsOf()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/sample-clinic\.json: \/model\/temperature: must be number$/),
        expect.stringMatching(/sample-clinic\.json: \/extra: is not an allowed property$/),
        expect.stringMatching(/sample-clinic\.json: \/input\/send: must be one of: enter, shift-enter$/),
      ]),
    );
  });

  it('reports a missing required field at its own pointer', () => {
    const { persona: _persona, ...withoutPersona } = fixture('sample-planner');
    write('sample-planner.json', withoutPersona);
    expect(problemsOf()).toEqual([expect.stringMatching(/sample-planner\.json: \/persona: is required$/)]);
  });

  it('reports broken JSON for the whole file', () => {
    write('sample-planner.json', '{ "id": ');
    expect(problemsOf()).toEqual([expect.stringMatching(/sample-planner\.json: \/: is not valid JSON/)]);
  });

  it('requires the id to equal the file name', () => {
    write('copy.json', fixture('sample-planner'));
    expect(problemsOf()).toEqual([expect.stringMatching(/copy\.json: \/id: must equal the file name "copy"$/)]);
  });

  it('refuses a second file claiming a taken route', () => {
    write('zz-other.json', {
      ...fixture('sample-planner'),
      id: 'zz-other',
      routes: ['/zz-other', '/sample-clinic-alias'],
    });
    expect(problemsOf()).toEqual([
      expect.stringMatching(
        /zz-other\.json: \/routes\/1: "\/sample-clinic-alias" is already the route of .*sample-clinic\.json$/,
      ),
    ]);
  });

  it('refuses routes that belong to the site itself', () => {
    write('sample-planner.json', { ...fixture('sample-planner'), routes: ['/about'] });
    expect(problemsOf()).toEqual([expect.stringMatching(/sample-planner\.json: \/routes\/0: must match pattern/)]);
  });

  it('reports an unreadable directory', () => {
    expect(loadAgentDirectory(join(dir, 'missing')).problems.map(formatAgentProblem)).toEqual([
      expect.stringMatching(/missing: \/: cannot be read \(ENOENT\)$/),
    ]);
  });
});

describe('agents:check', () => {
  const run = (dir: string) =>
    spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'api/src/agents/agents-check.cli.ts'), dir],
      {
        encoding: 'utf8',
        cwd: repoRoot,
        env: { PATH: process.env.PATH },
      },
    );

  it('exits 0 with a summary when every file is valid', () => {
    const result = run(fixturesDir);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      '2 agent files valid: sample-clinic (/sample-clinic, /sample-clinic-alias); sample-planner (/sample-planner, /sample-planner-alias)\n',
    );
  });

  it('prints file: /pointer: message and exits 1 on a bad file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-agents-cli-'));
    try {
      cpSync(fixturesDir, dir, { recursive: true });
      const clinic = JSON.parse(readFileSync(join(dir, 'sample-clinic.json'), 'utf8'));
      writeFileSync(join(dir, 'sample-clinic.json'), JSON.stringify({ ...clinic, routes: ['clinic'] }));
      const result = run(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/sample-clinic\.json: \/routes\/0: must match pattern/);
      expect(result.stderr).toMatch(/1 problem in agent files\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 on an empty directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-agents-empty-'));
    try {
      const result = run(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/No agent files in /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
