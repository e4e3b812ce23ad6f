import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDefinition, AgentEvalCase } from '@mb/contracts/types/agent';
import { repoRoot } from '../config/repo-paths';
import { evalPattern, evalProblems, namesTool } from './agent-evals';
import { formatAgentProblem, readAgentFile } from './agent-files';

const fixture = (): AgentDefinition =>
  JSON.parse(readFileSync(join(repoRoot, 'api/test/fixtures/agents/has-evals.json'), 'utf8')) as AgentDefinition;

const withEvals = (...evals: AgentEvalCase[]): AgentDefinition => ({ ...fixture(), evals });
const ask = (content: string): AgentEvalCase['conversation'] => [{ role: 'user', content }];

describe(evalProblems.name, () => {
  it('accepts the fixture that carries every kind of check, and an agent without evals', () => {
    expect(evalProblems(fixture())).toEqual([]);
    const { evals: _evals, ...withoutEvals } = fixture();
    expect(evalProblems(withoutEvals)).toEqual([]);
  });

  it('refuses a matches that does not compile, at its pointer', () => {
    const problems = evalProblems(
      withEvals({ name: 'broken', conversation: ask('hi'), expect: { matches: '(unclosed' } }),
    );
    expect(problems).toEqual([
      { pointer: '/evals/0/expect/matches', message: expect.stringMatching(/^is not a valid regular expression: /) },
    ]);
  });

  it('refuses a conversation that ends with the assistant', () => {
    const conversation: AgentEvalCase['conversation'] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ];
    expect(evalProblems(withEvals({ name: 'ends wrong', conversation, expect: { contains: ['x'] } }))).toEqual([
      { pointer: '/evals/0/conversation/1', message: expect.stringMatching(/^must be a user message/) },
    ]);
  });

  it('refuses a case name used twice', () => {
    const one = { name: 'same', conversation: ask('hi'), expect: { contains: ['x'] } };
    expect(evalProblems(withEvals(one, { ...one }))).toEqual([
      { pointer: '/evals/1/name', message: 'repeats the name of /evals/0' },
    ]);
  });
});

describe('evals that check tool use', () => {
  const grants = (tools: AgentDefinition['tools'], ...expects: AgentEvalCase['expect'][]): AgentDefinition => ({
    ...fixture(),
    tools,
    evals: expects.map((expect, index) => ({ name: `case ${index}`, conversation: ask('hi'), expect })),
  });

  it('accept calls and notCalls naming granted tools: a built-in, a server for one of its tools, a tool of a granted server', () => {
    const agent = grants(
      ['calculator', 'mcp:everything/echo', 'mcp:files'],
      { calls: ['calculator'], notCalls: ['current_time', 'mcp:nowhere'] },
      { calls: ['mcp:everything'] },
      { calls: ['mcp:everything/echo', 'mcp:files/read_file'] },
    );
    expect(evalProblems(agent)).toEqual([]);
  });

  it('refuse a call of a tool the agent does not grant, at its pointer (notCalls may name any tool)', () => {
    const agent = grants(['mcp:everything/echo'], {
      calls: ['mcp:everything/echo', 'calculator', 'mcp:everything/add'],
    });
    expect(evalProblems(agent)).toEqual([
      { pointer: '/evals/0/expect/calls/1', message: `names "calculator", which the agent's tools do not grant` },
      {
        pointer: '/evals/0/expect/calls/2',
        message: `names "mcp:everything/add", which the agent's tools do not grant`,
      },
    ]);
    expect(evalProblems(grants(undefined, { calls: ['calculator'] }))).toHaveLength(1);
  });
});

describe(namesTool.name, () => {
  it.each([
    ['calculator', 'calculator', true],
    ['calculator', 'current_time', false],
    ['mcp:everything/echo', 'mcp:everything/echo', true],
    ['mcp:everything', 'mcp:everything/echo', true],
    ['mcp:everything', 'mcp:everything-else/echo', false],
    ['mcp:everything/echo', 'mcp:everything/echo2', false],
    ['mcp:everything/echo', 'mcp:everything', false],
  ])('%s names %s: %s', (name, tool, expected) => {
    expect(namesTool(name, tool)).toBe(expected);
  });
});

describe(evalPattern.name, () => {
  it('ignores letter case', () => {
    expect(evalPattern('\\bsan diego\\b').test('We leave from San Diego.')).toBe(true);
  });
});

describe('agent files with evals', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mb-agent-evals-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (agent: unknown) => {
    const path = join(dir, 'has-evals.json');
    writeFileSync(path, JSON.stringify(agent));
    return readAgentFile(path);
  };
  const problemsOf = (agent: unknown) => {
    const result = write(agent);
    return result.ok ? [] : result.problems.map(formatAgentProblem);
  };

  it('are checked by the loader the server and agents:check share', () => {
    expect(problemsOf(withEvals({ name: 'broken', conversation: ask('hi'), expect: { matches: '[' } }))).toEqual([
      expect.stringMatching(/has-evals\.json: \/evals\/0\/expect\/matches: is not a valid regular expression/),
    ]);
  });

  it('may check tool use alone (schema and loader)', () => {
    const agent = {
      ...fixture(),
      tools: ['calculator'],
      evals: [
        { name: 'calls', conversation: ask('2+2?'), expect: { calls: ['calculator'] } },
        { name: 'does not call', conversation: ask('hi'), expect: { notCalls: ['calculator', 'mcp:everything'] } },
      ],
    };
    expect(problemsOf(agent)).toEqual([]);
  });

  it.each([
    ['an empty calls', { calls: [] }, /\/evals\/0\/expect\/calls: must NOT have fewer than 1 items$/],
    ['a calls that is not a list', { calls: 'calculator' }, /\/evals\/0\/expect\/calls: must be array$/],
    [
      'a tool named twice',
      { notCalls: ['calculator', 'calculator'] },
      /\/evals\/0\/expect\/notCalls: must NOT have duplicate items/,
    ],
    ['a name that is no tool name', { notCalls: ['mcp:'] }, /\/evals\/0\/expect\/notCalls\/0: must match pattern/],
    ['a misspelt field', { call: ['calculator'] }, /\/evals\/0\/expect\/call: is not an allowed property$/],
  ])('refuse %s (schema)', (_kind, expectation, problem) => {
    const agent = {
      ...fixture(),
      tools: ['calculator'],
      evals: [{ name: 'x', conversation: ask('hi'), expect: expectation }],
    };
    expect(problemsOf(agent)).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  it('may check citations alone: a file by its path or its ending, or with a page; with or without knowledge (schema and loader)', () => {
    const cites = [
      {
        name: 'cites',
        conversation: ask('radon?'),
        expect: { cites: ['labs.pdf', 'knowledge/care/notes.md', { file: 'labs.pdf', page: 12 }] },
      },
    ];
    expect(problemsOf({ ...fixture(), knowledge: ['knowledge/care/'], evals: cites })).toEqual([]);
    expect(problemsOf({ ...fixture(), evals: cites })).toEqual([]);
  });

  it.each([
    ['an empty cites', { cites: [] }, /\/evals\/0\/expect\/cites: must NOT have fewer than 1 items$/],
    ['a page 0', { cites: [{ file: 'labs.pdf', page: 0 }] }, /\/evals\/0\/expect\/cites\/0\/page: must be >= 1$/],
    ['a citation without its file', { cites: [{ page: 2 }] }, /\/evals\/0\/expect\/cites\/0\/file: is required$/],
    ['an empty file name', { cites: [''] }, /\/evals\/0\/expect\/cites\/0: must NOT have fewer than 1 characters$/],
  ])('refuse %s (schema)', (_kind, expectation, problem) => {
    const agent = { ...fixture(), evals: [{ name: 'x', conversation: ask('hi'), expect: expectation }] };
    expect(problemsOf(agent)).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  it('need at least one expectation, and user or assistant messages only (schema)', () => {
    const agent = {
      ...fixture(),
      evals: [{ name: 'empty', conversation: [{ role: 'system', content: 'x' }], expect: {} }],
    };
    expect(problemsOf(agent)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/evals\/0\/conversation\/0\/role: must be one of: user, assistant$/),
        expect.stringMatching(/\/evals\/0\/expect: must NOT have fewer than 1 properties$/),
      ]),
    );
  });
});
