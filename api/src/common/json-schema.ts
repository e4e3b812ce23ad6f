import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeErrors, formatProblem, type SchemaProblem } from '@mb/contracts/schema-problems';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { schemasDir } from '../config';

export type { SchemaProblem };
export { describeErrors, formatProblem };

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(path);
    return entry.name.endsWith('.schema.json') ? [path] : [];
  });
}

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
