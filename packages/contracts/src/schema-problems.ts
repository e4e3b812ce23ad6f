import type { ErrorObject } from 'ajv';

/** One problem of a document checked against a schema: where it is (a JSON pointer, '' for the whole) and what is wrong. */
export interface SchemaProblem {
  pointer: string;
  message: string;
}

function describe(error: ErrorObject): SchemaProblem {
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

/** ajv's errors as both ends word them: the noise around a failing `if`/`then` and allErrors' duplicates dropped. */
export function describeErrors(errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  const seen = new Set<string>();
  return (errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map(describe)
    .filter((problem) => {
      const key = `${problem.pointer} ${problem.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

export const formatProblem = (problem: SchemaProblem) => `${problem.pointer || '/'}: ${problem.message}`;

/** As the server counts it for a pasted configuration, and the persona editor before sending one. */
export const MAX_PERSONA_JSON_LENGTH = 32_000;
