import {
  describeErrors,
  formatProblem,
  MAX_PERSONA_JSON_LENGTH,
  type SchemaProblem,
} from '@mb/contracts/schema-problems';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import { validate } from 'virtual:agent-config-validator';

/** One problem of a persona, where it is (a JSON pointer, '' for the whole) and what is wrong: as the server words it. */
export type PersonaProblem = SchemaProblem;

export { formatProblem, MAX_PERSONA_JSON_LENGTH };

export type PersonaCheck = { ok: true; persona: AgentConfig } | { ok: false; problems: PersonaProblem[] };

/** Reads editor text as the server reads a pasted configuration: size, JSON, then the schema. */
export function checkPersonaText(text: string): PersonaCheck {
  const length = text.trim().length;
  if (length > MAX_PERSONA_JSON_LENGTH) {
    const message = `the configuration is ${length} characters long; at most ${MAX_PERSONA_JSON_LENGTH} are accepted`;
    return { ok: false, problems: [{ pointer: '', message }] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ pointer: '', message: `it is not valid JSON (${(error as Error).message})` }] };
  }
  return validate(value)
    ? { ok: true, persona: value as AgentConfig }
    : { ok: false, problems: describeErrors(validate.errors) };
}
