import { MAX_PERSONA_JSON_LENGTH, readPersonaOverride } from './persona-override';

const valid = {
  role_description: 'You are terse.',
  domains: [],
  response_guidelines: [{ priority: 'high', content: 'Be brief.' }],
};

describe(readPersonaOverride.name, () => {
  it.each(['Hello there', '[1, 2]', '42', '{ looks like a brace but', 'ends with a brace }'])(
    'reads "%s" as an ordinary message',
    (text) => {
      expect(readPersonaOverride(text)).toEqual({ kind: 'none' });
    },
  );

  it('accepts a valid configuration, surrounding whitespace included', () => {
    expect(readPersonaOverride(`\n  ${JSON.stringify(valid)}  \n`)).toEqual({ kind: 'valid', persona: valid });
  });

  it('lists every problem of an invalid one by JSON pointer', () => {
    const sut = readPersonaOverride(JSON.stringify({ role_description: 7, domains: [{ title: 'x' }], extra: true }));
    expect(sut).toEqual({
      kind: 'invalid',
      problems: expect.arrayContaining([
        '/response_guidelines: is required',
        '/extra: is not an allowed property',
        '/role_description: must be string',
        '/domains/0/description: is required',
      ]),
    });
  });

  it('refuses broken JSON and oversized text', () => {
    expect(readPersonaOverride('{"role_description": }')).toMatchObject({
      kind: 'invalid',
      problems: [expect.stringMatching(/^it is not valid JSON/)],
    });
    const oversized = `{"role_description": "${'x'.repeat(MAX_PERSONA_JSON_LENGTH)}"}`;
    expect(readPersonaOverride(oversized)).toMatchObject({
      kind: 'invalid',
      problems: [expect.stringContaining(`at most ${MAX_PERSONA_JSON_LENGTH}`)],
    });
  });
});
