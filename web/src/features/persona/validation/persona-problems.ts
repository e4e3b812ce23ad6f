import type { ErrorObject } from 'ajv';
import { validate } from 'virtual:agent-config-validator';
import type { AgentConfig } from '../../../../../schemas/types/agent-config';

/** One problem of a persona, where it is (a JSON pointer, '' for the whole) and what is wrong. */
export type PersonaProblem = { pointer: string; message: string };

/** As the server counts it for a pasted configuration (api/src/chat/persona-override.ts). */
export const MAX_PERSONA_JSON_LENGTH = 32_000;

/*
 * The server's wording of ajv's errors (describe, describeErrors and formatProblem in
 * api/src/common/json-schema.ts), repeated here: the api compiles only its own src/ (schemas/ holds
 * types, no code), so the browser cannot import it. The persona tests compare both ends' words.
 */
function describe(error: ErrorObject): PersonaProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer: `${error.instancePath}/${String(params.missingProperty)}`, message: 'is required' };
    case 'additionalProperties':
      return {
        pointer: `${error.instancePath}/${String(params.additionalProperty)}`,
        message: 'is not an allowed property',
      };
    case 'enum':
      return {
        pointer: error.instancePath,
        message: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`,
      };
    default:
      return { pointer: error.instancePath, message: error.message ?? 'is invalid' };
  }
}

function describeErrors(errors: ErrorObject[] | null | undefined): PersonaProblem[] {
  const seen = new Set<string>();
  return (errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map(describe)
    .filter((problem) => {
      const key = `${problem.pointer} ${problem.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

export const formatProblem = (problem: PersonaProblem) => `${problem.pointer || '/'}: ${problem.message}`;

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
