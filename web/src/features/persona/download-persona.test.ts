import { describe, expect, it } from 'vitest';
import { checkPersonaText } from './validation/persona-problems';
import { personaFileName, personaFileText } from './download-persona';

describe(personaFileName.name, () => {
  it("names the file after the agent and the user's day", () => {
    expect(personaFileName('reconfigurable', new Date(2026, 0, 5, 23, 30))).toBe(
      'persona-reconfigurable-2026-01-05.json',
    );
  });
});

describe(personaFileText.name, () => {
  it('writes a valid agent configuration that reads back as the same persona', () => {
    const persona = {
      role_description: 'You are a test agent.',
      domains: [{ title: 'Tests', description: 'Answers tests.' }],
      response_guidelines: [{ priority: 2, content: 'Keep answers short.' }],
    };
    expect(checkPersonaText(personaFileText(persona))).toEqual({ ok: true, persona });
  });
});
