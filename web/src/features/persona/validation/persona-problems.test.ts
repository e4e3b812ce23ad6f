import { describe, expect, it } from 'vitest';
import { checkPersonaText, formatProblem } from './persona-problems';

const valid = {
  role_description: 'You are a test agent.',
  domains: [{ title: 'Tests', description: 'Answers tests.' }],
  response_guidelines: [{ priority: 'high', content: 'Keep answers short.' }],
};

const problemsOf = (value: unknown) => {
  const result = checkPersonaText(typeof value === 'string' ? value : JSON.stringify(value));
  return result.ok ? [] : result.problems.map(formatProblem);
};

describe(checkPersonaText.name, () => {
  it('accepts an agent configuration', () => {
    expect(checkPersonaText(JSON.stringify(valid, null, 2))).toEqual({ ok: true, persona: valid });
  });

  // The words of the server for the same configurations (api/test/e2e/persona-history.e2e-spec.ts pastes them).
  it.each([
    ['a missing field', { ...valid, domains: undefined }, ['/domains: is required']],
    ['an unknown field', { ...valid, tone: 'warm' }, ['/tone: is not an allowed property']],
    [
      'a bad priority',
      { ...valid, response_guidelines: [{ priority: 'urgent', content: 'x' }] },
      [
        '/response_guidelines/0/priority: must be integer',
        '/response_guidelines/0/priority: must be one of: critical, high, medium, low',
        '/response_guidelines/0/priority: must match a schema in anyOf',
      ],
    ],
    ['an empty role', { ...valid, role_description: '   ' }, ['/role_description: must match pattern "\\S"']],
    ['not an object', [], ['/: must be object']],
  ])('words %s as the server does', (_case, config, problems) => {
    expect(problemsOf(config)).toEqual(problems);
  });

  it('says when the text is not JSON at all', () => {
    expect(problemsOf('{"role_description": "x",}')[0]).toMatch(/^\/: it is not valid JSON \(/);
  });

  it('refuses a configuration longer than the server reads', () => {
    const text = JSON.stringify({ ...valid, role_description: 'x'.repeat(40_000) });
    expect(problemsOf(text)).toEqual([
      `/: the configuration is ${text.length} characters long; at most 32000 are accepted`,
    ]);
  });
});
