import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDefinition, AgentEvalCase } from '@mb/contracts/types/agent';
import { agentsEval } from '../../src/agents/agents-eval';
import { JUDGE_RUBRIC } from '../../src/agents/evals/judge';
import { personaPrompt } from '../../src/agents/persona-prompt';
import { repoRoot } from '../../src/config/repo-paths';
import { FakeOpenAI } from '../fakes/fake-openai';
import { fixtureAgent } from '../support/fixture-agents';

const KEY = 'sk-eval-key-0123456789abcdefghijklmnop';

const ask = (content: string): AgentEvalCase['conversation'] => [{ role: 'user', content }];
const isJudgeCall = (body: any) => body?.messages?.[0]?.content === JUDGE_RUBRIC;
/** The fake echoes the last user message ("Echo: ..."), so a case's question is also its reply. */
const echoCase = (name: string, question: string, expect: AgentEvalCase['expect']): AgentEvalCase => ({
  name,
  conversation: ask(question),
  expect,
});

describe('npm run agents:eval', () => {
  let openai: FakeOpenAI;
  let dir: string;
  let agentsDir: string;
  let out: string[];
  let err: string[];

  beforeAll(async () => {
    openai = await FakeOpenAI.start({ acceptedKeys: [KEY] });
  });
  afterAll(() => openai.close());
  beforeEach(() => {
    openai.reset();
    dir = mkdtempSync(join(tmpdir(), 'mb-agents-eval-'));
    agentsDir = join(dir, 'agents');
    mkdirSync(agentsDir);
    out = [];
    err = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** An agent file in the test's own directory: a fixture agent under a new id, with these evals. */
  const writeAgent = (id: string, evals: AgentEvalCase[], from = 'completions-only'): AgentDefinition => {
    const agent: AgentDefinition = { ...fixtureAgent(from), id, routes: [`/${id}`], evals };
    writeFileSync(join(agentsDir, `${id}.json`), JSON.stringify(agent, null, 2));
    return agent;
  };
  const env = (extra: Record<string, string | undefined> = {}) => ({
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: KEY,
    AGENTS_DIR: agentsDir,
    DATA_DIR: join(dir, 'data'),
    OPENAI_TIMEOUT_MS: '5000',
    ...extra,
  });
  const run = (args: string[] = [], extraEnv: Record<string, string | undefined> = {}) =>
    agentsEval(args, env(extraEnv), { out: (line) => out.push(line), err: (line) => err.push(line) });
  const reportOf = async (args: string[] = []) => {
    const file = join(dir, 'report.json');
    const code = await run([...args, '--json', file]);
    return { code, report: JSON.parse(readFileSync(file, 'utf8')) };
  };
  const verdicts = (report: any) => report.results.map((r: any) => [r.case, r.pass, r.reason]);

  describe('text checks', () => {
    it('passes and fails contains, notContains and matches, ignoring letter case, and exits 1 on a failure', async () => {
      writeAgent('checks-text', [
        echoCase('contains passes', 'The sky is blue.', { contains: ['BLUE', 'sky'] }),
        echoCase('contains fails', 'The sky is grey.', { contains: ['blue'] }),
        echoCase('notContains passes', 'Carrots are fine.', { notContains: ['grapes', 'raisins'] }),
        echoCase('notContains fails', 'Try some Grapes.', { notContains: ['grapes'] }),
        echoCase('matches passes', 'We fly from SAN.', { matches: '\\bsan\\b' }),
        echoCase('matches fails', 'We fly from Sandusky.', { matches: '\\bsan\\b' }),
      ]);
      const { code, report } = await reportOf();
      expect(code).toBe(1);
      expect(verdicts(report)).toEqual([
        ['contains passes', true, ''],
        ['contains fails', false, 'does not contain "blue"'],
        ['notContains passes', true, ''],
        ['notContains fails', false, 'contains "grapes"'],
        ['matches passes', true, ''],
        ['matches fails', false, 'does not match /\\bsan\\b/i'],
      ]);
      expect(report.summary).toEqual({ cases: 6, passed: 3, failed: 3 });
    });

    it('exits 0 when every case passes', async () => {
      writeAgent('all-pass', [echoCase('echoes', 'hello there', { contains: ['hello'] })]);
      expect(await run()).toBe(0);
    });

    it("sends the agent's persona prompt, model settings and conversation", async () => {
      const agent = writeAgent(
        'sends-settings',
        [
          {
            name: 'follow-up',
            conversation: [
              { role: 'user', content: 'first' },
              { role: 'assistant', content: 'an earlier reply' },
              { role: 'user', content: 'second' },
            ],
            expect: { contains: ['second'] },
          },
        ],
        'tuned-model',
      );
      expect(await run()).toBe(0);
      const [call] = openai.completionRequests();
      expect(call.body).toMatchObject({
        model: agent.model.name,
        temperature: agent.model.temperature,
        max_tokens: agent.model.maxTokens,
        messages: [
          { role: 'system', content: personaPrompt(agent.persona) },
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'an earlier reply' },
          { role: 'user', content: 'second' },
        ],
      });
      expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    });

    it('uses OPENAI_MODEL for an agent that names no model', async () => {
      writeAgent('default-model', [echoCase('echoes', 'hi', { contains: ['hi'] })]);
      expect(await run([], { OPENAI_MODEL: 'local-llama' })).toBe(0);
      expect(openai.completionRequests()[0].body.model).toBe('local-llama');
    });
  });

  describe('the judge', () => {
    const judged = (criterion: string) => echoCase('judged', 'What comes after two?', { judge: criterion });

    it('passes a case on a passing verdict, asked at temperature 0 with the fixed rubric, the reply and the criterion', async () => {
      writeAgent('judge-passes', [judged('Names the number three.')]);
      openai.script({ match: isJudgeCall, text: '{"pass": true, "reason": "It names three."}' });
      const { code, report } = await reportOf();
      expect(code).toBe(0);
      expect(verdicts(report)).toEqual([['judged', true, 'judge: It names three.']]);
      const judgeCall = openai.completionRequests().find((r) => isJudgeCall(r.body))!;
      expect(judgeCall.body.temperature).toBe(0);
      expect(judgeCall.body.messages[1].content).toContain('Echo: What comes after two?');
      expect(judgeCall.body.messages[1].content).toContain('Names the number three.');
      expect(report.results[0].judge).toMatchObject({ verdict: '{"pass": true, "reason": "It names three."}' });
    });

    it('fails a case on a failing verdict, with the judge reason', async () => {
      writeAgent('judge-fails', [judged('Names the number three.')]);
      openai.script({ match: isJudgeCall, text: '{"pass": false, "reason": "It only repeats the question."}' });
      const { code, report } = await reportOf();
      expect(code).toBe(1);
      expect(verdicts(report)).toEqual([['judged', false, 'judge: It only repeats the question.']]);
    });

    it.each([
      ['prose', 'Yes, the reply passes.'],
      ['a fenced object', '```json\n{"pass": true, "reason": "ok"}\n```'],
      ['a pass that is not a boolean', '{"pass": "yes", "reason": "ok"}'],
      ['an object with more than pass and reason', '{"pass": true, "reason": "ok", "score": 9}'],
    ])('fails a case whose verdict is unparsable (%s), saying so', async (_kind, verdict) => {
      writeAgent('judge-unparsable', [judged('Names the number three.')]);
      openai.script({ match: isJudgeCall, text: verdict });
      const { code, report } = await reportOf();
      expect(code).toBe(1);
      expect(report.results[0].pass).toBe(false);
      expect(report.results[0].reason).toMatch(/^the judge's verdict is not \{"pass": boolean, "reason": string\}: /);
    });

    it('is not asked when a text check already failed', async () => {
      writeAgent('judge-skipped', [
        echoCase('text fails first', 'hello', { contains: ['goodbye'], judge: 'Says goodbye.' }),
      ]);
      expect(await run()).toBe(1);
      expect(openai.completionRequests().filter((r) => isJudgeCall(r.body))).toEqual([]);
    });
  });

  describe('output', () => {
    it('prints a progress line per case, then a table of agent, case, result, reason, latency and tokens', async () => {
      writeAgent('prints-table', [
        echoCase('passes', 'blue', { contains: ['blue'] }),
        echoCase('fails', 'grey', { contains: ['blue'] }),
      ]);
      expect(await run()).toBe(1);
      expect(err.filter((line) => /^\[\d\/2\] (pass|FAIL) prints-table › /.test(line))).toHaveLength(2);
      expect(out[0].split(/\s+/)).toEqual(['agent', 'case', 'result', 'reason', 'latency', 'tokens']);
      const failing = out.find((line) => line.startsWith('prints-table  fails'))!;
      expect(failing).toMatch(/FAIL\s+does not contain "blue"\s+\d+ ms\s+\d+\+\d+$/);
      expect(out[out.length - 1]).toBe('2 cases: 1 passed, 1 failed');
    });

    it('writes a JSON report with the summary, the server and each case whole', async () => {
      writeAgent('reports', [echoCase('echoes', 'blue', { contains: ['blue'] })]);
      const { report } = await reportOf(['--concurrency', '3']);
      expect(report).toMatchObject({
        server: openai.baseUrl.replace(/^http:\/\//, ''),
        concurrency: 3,
        summary: { cases: 1, passed: 1, failed: 0 },
        results: [
          {
            agent: 'reports',
            case: 'echoes',
            pass: true,
            reason: '',
            model: 'gpt-4o',
            reply: 'Echo: blue',
            latencyMs: expect.any(Number),
            tokens: { prompt: expect.any(Number), completion: 2 },
          },
        ],
      });
      expect(Date.parse(report.finishedAt)).toBeGreaterThanOrEqual(Date.parse(report.startedAt));
    });

    it('runs only the agents named, in the order named', async () => {
      writeAgent('one', [echoCase('a', 'x', { contains: ['x'] })]);
      writeAgent('two', [echoCase('b', 'y', { contains: ['y'] })]);
      writeAgent('three', [echoCase('c', 'z', { contains: ['z'] })]);
      const { report } = await reportOf(['two', 'one']);
      expect(report.results.map((r: any) => r.agent)).toEqual(['two', 'one']);
    });

    it('fails a case whose model call fails, without repeating the key the server echoes', async () => {
      writeAgent('wrong-key', [echoCase('echoes', 'blue', { contains: ['blue'] })]);
      const code = await run([], { OPENAI_API_KEY: 'sk-wrong-key-that-must-not-be-printed' });
      expect(code).toBe(1);
      expect(out.join('\n')).toMatch(/FAIL\s+the model call failed: HTTP 401 \(invalid_api_key\)/);
      expect([...out, ...err].join('\n')).not.toContain('sk-wrong-key');
    });
  });

  it.each([
    [['--concurrency', '2'], 2],
    [[], 4],
  ])('keeps no more cases in flight than --concurrency (%j: %i)', async (args, limit) => {
    writeAgent(
      'six-cases',
      ['a', 'b', 'c', 'd', 'e', 'f'].map((q) => echoCase(q, q, { contains: [q] })),
    );
    openai.setOptions({ latencyMs: 200 });
    expect(await run(args)).toBe(0);
    // Each answer takes 200 ms, so calls that arrive within 150 ms of one another were in flight together.
    const arrivals = openai.completionRequests().map((r) => r.receivedAt);
    const together = arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 150).length);
    expect(arrivals).toHaveLength(6);
    expect(Math.max(...together)).toBe(limit);
  });

  describe('configuration errors exit 2 before any call', () => {
    beforeEach(() => writeAgent('configured', [echoCase('echoes', 'blue', { contains: ['blue'] })]));

    it.each([
      ['no OPENAI_API_KEY', [], { OPENAI_API_KEY: undefined }, /OPENAI_API_KEY is not set/],
      [
        'a malformed OPENAI_BASE_URL',
        [],
        { OPENAI_BASE_URL: 'not a url' },
        /OPENAI_BASE_URL: must be an http\(s\) URL/,
      ],
      ['an unknown agent', ['nobody'], {}, /no agent "nobody"/],
      ['a bad --concurrency', ['--concurrency', '0'], {}, /--concurrency must be a whole number/],
      ['an unknown option', ['--fast'], {}, /agents:eval: Unknown option '--fast'/],
    ])('%s', async (_name, args, extraEnv, message) => {
      expect(await run(args as string[], extraEnv)).toBe(2);
      expect(err.join('\n')).toMatch(message);
      expect(openai.completionRequests()).toEqual([]);
    });

    it('agents without eval cases', async () => {
      writeAgent('no-cases', []);
      expect(await run(['no-cases'])).toBe(2);
      expect(err.join('\n')).toMatch(/no eval cases in no-cases/);
    });

    it('an invalid agent file', async () => {
      writeFileSync(join(agentsDir, 'broken.json'), '{');
      expect(await run()).toBe(2);
      expect(err.join('\n')).toMatch(/broken\.json: \/: is not valid JSON/);
    });
  });

  describe('as the npm script runs it', () => {
    const cli = (extraEnv: Record<string, string | undefined>) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [
            join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
            '--tsconfig',
            join(repoRoot, 'api/tsconfig.json'),
            join(repoRoot, 'api/src/agents/agents-eval.cli.ts'),
          ],
          { cwd: dir, env: { PATH: process.env.PATH, ...env(extraEnv) } },
          (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
        );
      });

    it('exits 0, 1 and 2 as the process exit code', async () => {
      writeAgent('process-exit', [echoCase('echoes', 'blue', { contains: ['blue'] })]);
      expect(await cli({})).toMatchObject({ code: 0, stdout: expect.stringContaining('1 case: 1 passed, 0 failed') });
      expect((await cli({ OPENAI_API_KEY: 'sk-wrong' })).code).toBe(1);
      expect(await cli({ OPENAI_API_KEY: undefined })).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('OPENAI_API_KEY is not set'),
      });
    }, 60_000);
  });
});
