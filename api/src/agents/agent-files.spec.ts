import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../config/repo-paths';
import { formatAgentProblem, loadAgentDirectory } from './agent-files';

const fixturesDir = join(repoRoot, 'api/test/fixtures/agents');
/** Two fixture agents, one of them with a route alias, copied into a directory the test may change. */
const SAMPLES = ['completions-only', 'has-route-alias'];
const copySamples = (dir: string) =>
  SAMPLES.forEach((id) => cpSync(join(fixturesDir, `${id}.json`), join(dir, `${id}.json`)));

describe(loadAgentDirectory.name, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mb-agents-spec-'));
    copySamples(dir);
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
      ['completions-only', join(dir, 'completions-only.json')],
      ['has-route-alias', join(dir, 'has-route-alias.json')],
    ]);
  });

  it('names the file, the JSON pointer and the reason for each schema problem', () => {
    const agent = fixture('completions-only');
    write('completions-only.json', {
      ...agent,
      model: { ...agent.model, temperature: 'warm' },
      extra: 1,
      input: { ...agent.input, send: 'tab' },
    });
    expect(problemsOf()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/completions-only\.json: \/model\/temperature: must be number$/),
        expect.stringMatching(/completions-only\.json: \/extra: is not an allowed property$/),
        expect.stringMatching(/completions-only\.json: \/input\/send: must be one of: enter, shift-enter$/),
      ]),
    );
  });

  it('reports a missing required field at its own pointer', () => {
    const { persona: _persona, ...withoutPersona } = fixture('completions-only');
    write('completions-only.json', withoutPersona);
    expect(problemsOf()).toEqual([expect.stringMatching(/completions-only\.json: \/persona: is required$/)]);
  });

  it('reports broken JSON for the whole file', () => {
    write('completions-only.json', '{ "id": ');
    expect(problemsOf()).toEqual([expect.stringMatching(/completions-only\.json: \/: is not valid JSON/)]);
  });

  it('checks the attachment fields: kinds by name, and limits only where the button uploads', () => {
    const agent = fixture('completions-only');
    write('completions-only.json', { ...agent, input: { ...agent.input, attachments: { kinds: ['video'] } } });
    expect(problemsOf()).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/input\/attachments\/kinds\/0: must be one of: image, document$/)]),
    );
    write('completions-only.json', { ...agent, input: { ...agent.input, attachments: { maxFiles: 2 } } });
    expect(problemsOf()).toEqual([
      expect.stringMatching(/\/input\/attachments: applies only when input.attach is "upload"$/),
    ]);
    write('completions-only.json', { ...agent, input: { ...agent.input, attach: 'upload', attachments: { maxFiles: 2 } } });
    expect(problemsOf()).toEqual([]);
  });

  it('requires the id to equal the file name', () => {
    write('copy.json', fixture('completions-only'));
    expect(problemsOf()).toEqual([expect.stringMatching(/copy\.json: \/id: must equal the file name "copy"$/)]);
  });

  it('refuses a second file claiming a taken route', () => {
    write('zz-other.json', {
      ...fixture('completions-only'),
      id: 'zz-other',
      routes: ['/zz-other', '/route-alias'],
    });
    expect(problemsOf()).toEqual([
      expect.stringMatching(
        /zz-other\.json: \/routes\/1: "\/route-alias" is already the route of .*has-route-alias\.json$/,
      ),
    ]);
  });

  it('refuses routes that belong to the site itself', () => {
    write('completions-only.json', { ...fixture('completions-only'), routes: ['/about'] });
    expect(problemsOf()).toEqual([expect.stringMatching(/completions-only\.json: \/routes\/0: must match pattern/)]);
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
      [
        join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
        '--conditions=source',
        '--tsconfig',
        join(repoRoot, 'api/tsconfig.json'),
        join(repoRoot, 'api/src/agents/agents-check.cli.ts'),
        dir,
      ],
      {
        encoding: 'utf8',
        cwd: repoRoot,
        env: { PATH: process.env.PATH },
      },
    );

  it('exits 0 with a summary when every file is valid', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-agents-cli-'));
    try {
      copySamples(dir);
      const result = run(dir);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(
        '2 agent files valid: completions-only (/completions-only); has-route-alias (/has-route-alias, /route-alias)\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints file: /pointer: message and exits 1 on a bad file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-agents-cli-'));
    try {
      copySamples(dir);
      const agent = JSON.parse(readFileSync(join(dir, 'completions-only.json'), 'utf8'));
      writeFileSync(join(dir, 'completions-only.json'), JSON.stringify({ ...agent, routes: ['no-slash'] }));
      const result = run(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/completions-only\.json: \/routes\/0: must match pattern/);
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
