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

  it("writes the fields in the schema's order, whatever order they came in", () => {
    const text = personaFileText({
      response_guidelines: [{ content: 'Keep answers short.', priority: 2 }],
      domains: [{ description: 'Answers tests.', title: 'Tests' }],
      role_description: 'You are a test agent.',
    });
    expect(text.indexOf('role_description')).toBeLessThan(text.indexOf('"domains"'));
    expect(text.indexOf('"title"')).toBeLessThan(text.indexOf('"description"'));
    expect(text.indexOf('"priority"')).toBeLessThan(text.indexOf('"content"'));
  });
});
