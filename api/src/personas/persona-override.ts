import { MAX_PERSONA_JSON_LENGTH } from '@mb/contracts/schema-problems';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import { AppError } from '../common/app-error';
import { formatProblem, schemas } from '../common/json-schema';
import { unsafeJsonProblem } from '../common/safe-json';

/** A persona is a few kilobytes; anything larger is not a configuration worth parsing. */
export { MAX_PERSONA_JSON_LENGTH };

/** How a configuration that is not applied is refused, pasted in the chat or sent by the persona panel alike. */
export const configurationRefused = (problems: string[]) =>
  new AppError('VALIDATION_FAILED', `This configuration was not applied: ${problems.join('; ')}`, problems);

/** The problem of a configuration over the size cap, or undefined. */
export const sizeProblem = (length: number): string | undefined =>
  length > MAX_PERSONA_JSON_LENGTH
    ? `the configuration is ${length} characters long; at most ${MAX_PERSONA_JSON_LENGTH} are accepted`
    : undefined;

export type PersonaOverride =
  { kind: 'none' } | { kind: 'valid'; persona: AgentConfig } | { kind: 'invalid'; problems: string[] };

/**
 * Reads a chat message as a pasted agent configuration. Only text shaped like a JSON object counts:
 * anything else is an ordinary message.
 */
export function readPersonaOverride(content: string): PersonaOverride {
  const text = content.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return { kind: 'none' };
  const tooLong = sizeProblem(text.length);
  if (tooLong) return { kind: 'invalid', problems: [tooLong] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problems: [`it is not valid JSON (${(error as Error).message})`] };
  }
  // The pasted text passed the body's screening as text; what its escapes decode to is screened here.
  const unsafe = unsafeJsonProblem(value, 'the configuration');
  if (unsafe) return { kind: 'invalid', problems: [unsafe] };
  const result = schemas.validate<AgentConfig>('agent-config.schema.json', value);
  return result.ok
    ? { kind: 'valid', persona: result.value }
    : { kind: 'invalid', problems: result.problems.map(formatProblem) };
}
