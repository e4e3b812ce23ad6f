import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { schemasDir } from '../config';

export interface SchemaProblem {
  /** JSON pointer into the validated document ('' is the document itself). */
  pointer: string;
  message: string;
}

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'types' ? [] : schemaFiles(path);
    return entry.name.endsWith('.schema.json') ? [path] : [];
  });
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

/** Drops the noise ajv adds around a failing `if`/`then` and duplicates from allErrors. */
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

/** Every JSON Schema in schemas/, compiled once, keyed by its $id (its path below schemas/). */
class SchemaRegistry {
  private ajv?: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly sources = new Map<string, Readonly<Record<string, unknown>>>();

  private load(): Ajv {
    if (this.ajv) return this.ajv;
    const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    for (const file of schemaFiles(schemasDir)) {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string };
      const id = relative(schemasDir, file).split('\\').join('/');
      if (schema.$id !== id) throw new Error(`${file}: $id must be "${id}"`);
      ajv.addSchema(schema);
      this.sources.set(id, structuredClone(schema));
    }
    this.ajv = ajv;
    return ajv;
  }

  /** Every schema as written, by $id ("agent.schema.json", "wire/chat-session.schema.json"). */
  documents(): ReadonlyMap<string, Readonly<Record<string, unknown>>> {
    this.load();
    return this.sources;
  }

  validator(id: string): ValidateFunction {
    let validate = this.compiled.get(id);
    if (!validate) {
      validate = this.load().getSchema(id);
      if (!validate) throw new Error(`Unknown schema ${id}`);
      this.compiled.set(id, validate);
    }
    return validate;
  }

  validate<T>(id: string, value: unknown): { ok: true; value: T } | { ok: false; problems: SchemaProblem[] } {
    const validate = this.validator(id);
    return validate(value) ? { ok: true, value: value as T } : { ok: false, problems: describeErrors(validate.errors) };
  }
}

export const schemas = new SchemaRegistry();
