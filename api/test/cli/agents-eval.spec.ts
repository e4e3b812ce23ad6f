import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDefinition, AgentEvalCase } from '@mb/contracts/types/agent';
import { agentsEval } from '../../src/agents/agents-eval';
import { JUDGE_RUBRIC } from '../../src/agents/evals/judge';
import { personaPrompt } from '../../src/agents/persona-prompt';
import { repoRoot } from '../../src/config/repo-paths';
import { FakeOpenAI, type ScriptedReply } from '../fakes/fake-openai';
import { SteppingClock } from '../support/stepping-clock';
import { fixtureAgent } from '../support/fixture-agents';

const KEY = 'sk-eval-key-0123456789abcdefghijklmnop';

/** This process's live children that run server-everything (ps exits 1 when it lists none). */
function everythingProcesses(): string[] {
  try {
    const listing = execFileSync('ps', ['-o', 'stat=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    return listing.split('\n').filter((line) => /server-everything/.test(line) && !/^\s*Z/.test(line));
  } catch {
    return [];
  }
}

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

    it('says when the run started and finished by the clock it is given', async () => {
      writeAgent('reports', [echoCase('echoes', 'blue', { contains: ['blue'] })]);
      const file = join(dir, 'report.json');
      const clock = new SteppingClock(Date.UTC(2001, 0, 1));
      const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
      await agentsEval(['--json', file], env(), io, clock);
      const report = JSON.parse(readFileSync(file, 'utf8'));
      expect([report.startedAt, report.finishedAt]).toEqual(['2001-01-01T00:00:00.001Z', '2001-01-01T00:00:00.002Z']);
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

  describe('tool use (calls, notCalls)', () => {
    /** The question a model call answers: the conversation's last user message. */
    const question = (body: any): string => body.messages.filter((m: any) => m.role === 'user').at(-1)?.content;
    const answeredTool = (body: any) => body.messages.some((m: any) => m.role === 'tool');
    /** The model's first step on `q`: these calls (then the fake echoes the question as the answer). */
    const callsOn = (q: string, ...toolCalls: NonNullable<ScriptedReply['toolCalls']>): ScriptedReply => ({
      match: (body) => question(body) === q && !answeredTool(body),
      toolCalls,
    });
    const requestsOn = (q: string) => openai.completionRequests().filter((r) => question(r.body) === q);
    const withTools = (id: string, tools: AgentDefinition['tools'], evals: AgentEvalCase[]) => {
      const agent: AgentDefinition = { ...fixtureAgent('completions-only'), id, routes: [`/${id}`], tools, evals };
      writeFileSync(join(agentsDir, `${id}.json`), JSON.stringify(agent, null, 2));
    };
    const serversFile = (mcpServers: Record<string, unknown> = {}) => {
      const file = join(dir, 'mcp-servers.json');
      writeFileSync(file, JSON.stringify({ mcpServers }));
      return file;
    };
    const runWithTools = async (args: string[] = [], mcpServers?: Record<string, unknown>) => {
      const file = join(dir, 'report.json');
      const code = await run([...args, '--json', file], { MCP_SERVERS_FILE: serversFile(mcpServers) });
      return { code, report: JSON.parse(readFileSync(file, 'utf8')) };
    };

    it('passes calls when the reply calls the tool, running it as a chat does and giving its answer to the model', async () => {
      withTools(
        'calls-calculator',
        ['calculator'],
        [echoCase('uses the calculator', 'What is 2*(3+4)?', { calls: ['calculator'] })],
      );
      openai.script(callsOn('What is 2*(3+4)?', { name: 'calculator', arguments: { expression: '2*(3+4)' } }));
      const { code, report } = await runWithTools();
      expect(code).toBe(0);
      expect(verdicts(report)).toEqual([['uses the calculator', true, '']]);
      expect(report.results[0]).toMatchObject({
        reply: 'Echo: What is 2*(3+4)?',
        toolCalls: [{ tool: 'calculator', status: 'done', arguments: '{"expression":"2*(3+4)"}', result: '14' }],
        // Both model calls' tokens.
        tokens: { prompt: expect.any(Number), completion: expect.any(Number) },
      });
      const [first, second] = requestsOn('What is 2*(3+4)?');
      expect(first.body.tools.map((t: any) => t.function.name)).toEqual(['calculator']);
      expect(second.body.messages.at(-1)).toMatchObject({ role: 'tool', content: '14' });
      expect(report.results[0].tokens.prompt).toBe(first.promptTokens! + second.promptTokens!);
    });

    it('fails calls when the reply answers without calling the tool', async () => {
      withTools(
        'skips-calculator',
        ['calculator'],
        [echoCase('uses the calculator', 'What is 2+2?', { calls: ['calculator'] })],
      );
      const { code, report } = await runWithTools();
      expect(code).toBe(1);
      expect(verdicts(report)).toEqual([['uses the calculator', false, 'does not call "calculator"']]);
      expect(report.results[0].toolCalls).toEqual([]);
    });

    it('passes notCalls when the tool is not called and fails it when it is, a failed call counting as called', async () => {
      withTools(
        'must-not-calculate',
        ['calculator', 'current_time'],
        [
          echoCase('answers from memory', 'Capital of France?', { notCalls: ['calculator'] }),
          echoCase('calculates anyway', 'What is 6*7?', { notCalls: ['calculator'] }),
          echoCase('calls a broken expression', 'What is 6**?', { notCalls: ['calculator'], contains: ['6'] }),
          echoCase('tells the time, not sums', 'What time is it?', {
            calls: ['current_time'],
            notCalls: ['calculator'],
          }),
        ],
      );
      openai.script(
        callsOn('What is 6*7?', { name: 'calculator', arguments: { expression: '6*7' } }),
        callsOn('What is 6**?', { name: 'calculator', arguments: { expression: '6**' } }),
        callsOn('What time is it?', { name: 'current_time', arguments: { timeZone: 'UTC' } }),
      );
      const { code, report } = await runWithTools();
      expect(code).toBe(1);
      expect(verdicts(report)).toEqual([
        ['answers from memory', true, ''],
        ['calculates anyway', false, 'calls "calculator"'],
        ['calls a broken expression', false, 'calls "calculator"'],
        ['tells the time, not sums', true, ''],
      ]);
      expect(report.results[2].toolCalls).toEqual([expect.objectContaining({ tool: 'calculator', status: 'error' })]);
    });

    it('names each failing tool check, beside the text checks, and asks no judge after one fails', async () => {
      withTools(
        'fails-every-check',
        ['calculator', 'current_time'],
        [
          echoCase('all wrong', 'What is 1+1?', {
            contains: ['two'],
            calls: ['current_time'],
            notCalls: ['calculator'],
            judge: 'Says two.',
          }),
        ],
      );
      openai.script(callsOn('What is 1+1?', { name: 'calculator', arguments: { expression: '1+1' } }));
      const { report } = await runWithTools();
      expect(verdicts(report)).toEqual([
        ['all wrong', false, 'does not contain "two"; does not call "current_time"; calls "calculator"'],
      ]);
      expect(openai.completionRequests().filter((r) => isJudgeCall(r.body))).toEqual([]);
    });

    it('judges a case whose tool checks pass', async () => {
      withTools(
        'judged-with-tools',
        ['calculator'],
        [echoCase('judged', 'What is 3*3?', { calls: ['calculator'], judge: 'Says nine.' })],
      );
      openai.script(callsOn('What is 3*3?', { name: 'calculator', arguments: { expression: '3*3' } }), {
        match: isJudgeCall,
        text: '{"pass": true, "reason": "It says nine."}',
      });
      const { code, report } = await runWithTools();
      expect(code).toBe(0);
      expect(verdicts(report)).toEqual([['judged', true, 'judge: It says nine.']]);
      expect(isJudgeCall(openai.completionRequests().at(-1)!.body)).toBe(true);
      expect(openai.completionRequests().at(-1)!.body.tools).toBeUndefined();
    });

    it('keeps a case with neither as one call without tools, even for an agent that has tools', async () => {
      withTools('has-tools-but-checks-text', ['calculator'], [echoCase('echoes', 'blue', { contains: ['blue'] })]);
      const { code, report } = await runWithTools();
      expect(code).toBe(0);
      expect(openai.completionRequests()).toHaveLength(1);
      expect(openai.completionRequests()[0].body.tools).toBeUndefined();
      expect(report.results[0]).not.toHaveProperty('toolCalls');
      expect(out[0].split(/\s+/)).toEqual(['agent', 'case', 'result', 'reason', 'latency', 'tokens']);
    });

    it('allows a call that waits for confirmation, as if the user pressed Allow', async () => {
      withTools(
        'confirms-calculator',
        [{ use: 'calculator', policy: 'confirm' }],
        [echoCase('confirmed', 'What is 5-3?', { calls: ['calculator'] })],
      );
      openai.script(callsOn('What is 5-3?', { name: 'calculator', arguments: { expression: '5-3' } }));
      const { code, report } = await runWithTools();
      expect(code).toBe(0);
      expect(report.results[0].toolCalls).toEqual([expect.objectContaining({ status: 'done', result: '2' })]);
    });

    it('says why a tool could not be called: a model that refuses tools, a server that does not exist', async () => {
      withTools(
        'cannot-call',
        ['calculator', 'mcp:nowhere'],
        [
          echoCase('needs the calculator', 'What is 9/3?', { calls: ['calculator'] }),
          echoCase('needs nowhere', 'Ask nowhere', { calls: ['mcp:nowhere'] }),
          echoCase('must not calculate', 'Capital of Italy?', { notCalls: ['calculator'] }),
        ],
      );
      openai.setOptions({ refuseTools: true });
      const { code, report } = await runWithTools();
      expect(code).toBe(1);
      const refused = 'The model (or its server) does not take tool calls, so it answered without tools.';
      const noServer = 'No MCP server is named nowhere on this server.';
      expect(verdicts(report)).toEqual([
        ['needs the calculator', false, `does not call "calculator"; ${refused} ${noServer}`],
        ['needs nowhere', false, `does not call "mcp:nowhere"; ${refused} ${noServer}`],
        ['must not calculate', true, ''],
      ]);
      expect(report.results[2]).toMatchObject({ toolCalls: [], toolsUnavailable: `${refused} ${noServer}` });
    });

    it('names the tools called in the progress lines and in a tools column', async () => {
      withTools(
        'prints-tools',
        ['calculator', 'current_time'],
        [
          echoCase('twice', 'Add twice', { calls: ['calculator'] }),
          echoCase('none', 'Say hi', { notCalls: ['calculator'] }),
          echoCase('no tool check', 'plain', { contains: ['plain'] }),
        ],
      );
      openai.script(
        callsOn(
          'Add twice',
          { name: 'calculator', arguments: { expression: '1+1' } },
          { name: 'calculator', arguments: { expression: '2+2' } },
          { name: 'current_time', arguments: { timeZone: 'Not/AZone' } },
        ),
      );
      expect(await run(['--concurrency', '1'], { MCP_SERVERS_FILE: serversFile() })).toBe(0);
      expect(err).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^\[1\/3\] pass prints-tools › twice \(\d+ ms, called calculator ×2, current_time \(error\)\)$/,
          ),
          expect.stringMatching(/^\[2\/3\] pass prints-tools › none \(\d+ ms, called no tools\)$/),
          expect.stringMatching(/^\[3\/3\] pass prints-tools › no tool check \(\d+ ms\)$/),
        ]),
      );
      expect(out[0].split(/\s+/)).toEqual(['agent', 'case', 'result', 'reason', 'latency', 'tokens', 'tools']);
      expect(out.find((line) => line.startsWith('prints-tools  twice'))).toMatch(
        /pass\s+\d+ ms\s+\d+\+\d+\s+calculator ×2, current_time \(error\)$/,
      );
      expect(out.find((line) => line.startsWith('prints-tools  none'))).toMatch(/\s+no tools$/);
      expect(out.find((line) => line.startsWith('prints-tools  no tool check'))).toMatch(/\s+-$/);
    });

    it('calls MCP tools over stdio: "mcp:<server>" matches any tool of it, and the server is stopped after the run', async () => {
      withTools(
        'calls-everything',
        ['mcp:everything'],
        [
          echoCase('echoes through everything', 'Echo me', { calls: ['mcp:everything/echo'] }),
          echoCase('uses any everything tool', 'Echo again', { calls: ['mcp:everything'] }),
          echoCase('must not use everything', 'Echo once more', { notCalls: ['mcp:everything'] }),
          echoCase('must not echo', 'Just answer', { notCalls: ['mcp:everything/echo'] }),
        ],
      );
      openai.script(
        callsOn('Echo me', { name: 'everything__echo', arguments: { message: 'hello over stdio' } }),
        callsOn('Echo again', { name: 'everything__echo', arguments: { message: 'again' } }),
        callsOn('Echo once more', { name: 'everything__echo', arguments: { message: 'once more' } }),
      );
      const { code, report } = await runWithTools([], {
        everything: {
          command: process.execPath,
          args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
        },
      });
      expect(code).toBe(1);
      expect(verdicts(report)).toEqual([
        ['echoes through everything', true, ''],
        ['uses any everything tool', true, ''],
        ['must not use everything', false, 'calls "mcp:everything" (mcp:everything/echo)'],
        ['must not echo', true, ''],
      ]);
      expect(report.results[0].toolCalls).toEqual([
        expect.objectContaining({
          tool: 'mcp:everything/echo',
          status: 'done',
          result: expect.stringContaining('hello over stdio'),
        }),
      ]);
      expect(err).toEqual(
        expect.arrayContaining([expect.stringMatching(/^MCP server everything connected over stdio/)]),
      );
      expect(everythingProcesses()).toEqual([]);
    }, 30_000);
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
