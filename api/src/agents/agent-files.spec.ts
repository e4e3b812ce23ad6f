import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { defaultAgentsDir, repoRoot } from '../config/repo-paths';
import { formatAgentProblem, loadAgentDirectory, readAgentFile } from './agent-files';

const agentFiles = readdirSync(defaultAgentsDir).filter((name) => name.endsWith('.json'));
const readJson = (name: string) => JSON.parse(readFileSync(join(defaultAgentsDir, name), 'utf8'));

describe('agent files in agents/', () => {
  it.each(agentFiles)('%s is valid and its id equals its file name', (name) => {
    const result = readAgentFile(join(defaultAgentsDir, name));
    expect(result.ok ? [] : result.problems.map(formatAgentProblem)).toEqual([]);
    expect(readJson(name).id).toBe(basename(name, '.json'));
  });

  it('holds the six personas of the spec with unique ids and routes', () => {
    const { agents, problems } = loadAgentDirectory(defaultAgentsDir);
    expect(problems).toEqual([]);
    const ids = agents.map((a) => a.agent.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = agents.flatMap((a) => a.agent.routes);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.sort()).toEqual(['/doctor', '/interior-designer', '/mbhealth', '/moisture-control', '/owner-builder', '/poodletime', '/travely']);
  });
});

describe(loadAgentDirectory.name, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mb-agents-spec-'));
    cpSync(defaultAgentsDir, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, value: unknown) => writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  const problemsOf = () => loadAgentDirectory(dir).problems.map(formatAgentProblem);

  it('names the file, the JSON pointer and the reason for each schema problem', () => {
    const doctor = readJson('doctor.json');
    write('doctor.json', { ...doctor, model: { ...doctor.model, temperature: 'warm' }, extra: 1, input: { ...doctor.input, send: 'tab' } });
    const problems = problemsOf();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/doctor\.json: \/model\/temperature: must be number$/),
        expect.stringMatching(/doctor\.json: \/extra: is not an allowed property$/),
        expect.stringMatching(/doctor\.json: \/input\/send: must be one of: enter, shift-enter$/),
      ]),
    );
  });

  it('reports a missing required field at its own pointer', () => {
    const { persona: _persona, ...withoutPersona } = readJson('travely.json');
    write('travely.json', withoutPersona);
    expect(problemsOf()).toEqual([expect.stringMatching(/travely\.json: \/persona: is required$/)]);
  });

  it('reports broken JSON for the whole file', () => {
    write('travely.json', '{ "id": ');
    expect(problemsOf()).toEqual([expect.stringMatching(/travely\.json: \/: is not valid JSON/)]);
  });

  it('requires the id to equal the file name', () => {
    write('copy.json', readJson('travely.json'));
    expect(problemsOf()).toEqual([expect.stringMatching(/copy\.json: \/id: must equal the file name "copy"$/)]);
  });

  it('refuses a second file claiming a taken route', () => {
    write('zz-other.json', { ...readJson('travely.json'), id: 'zz-other', routes: ['/zz-other', '/owner-builder'] });
    expect(problemsOf()).toEqual([expect.stringMatching(/zz-other\.json: \/routes\/1: "\/owner-builder" is already the route of .*moisture-control\.json$/)]);
  });
});

describe('npm run agents:check', () => {
  const run = (dir: string) =>
    spawnSync(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'api/src/agents/agents-check.cli.ts'), dir], {
      encoding: 'utf8',
      cwd: repoRoot,
      env: { PATH: process.env.PATH },
    });

  it('exits 0 with a summary when every file is valid', () => {
    const result = run(defaultAgentsDir);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^6 agent files valid: doctor \(\/doctor\);/);
  });

  it('prints file: /pointer: message and exits 1 on a bad file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-agents-cli-'));
    try {
      cpSync(defaultAgentsDir, dir, { recursive: true });
      const doctor = JSON.parse(readFileSync(join(dir, 'doctor.json'), 'utf8'));
      writeFileSync(join(dir, 'doctor.json'), JSON.stringify({ ...doctor, routes: ['doctor'] }));
      const result = run(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/doctor\.json: \/routes\/0: must match pattern/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is what the root package runs', () => {
    const pkg = JSON.parse(execFileSync('cat', [join(repoRoot, 'package.json')], { encoding: 'utf8' }));
    expect(pkg.scripts['agents:check']).toBe('tsx api/src/agents/agents-check.cli.ts');
  });
});
