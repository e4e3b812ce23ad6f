import type { PipeTransform } from '@nestjs/common';
import type { SchemaTypes } from '@mb/contracts/types/schema-types';
import { AppError } from './app-error';
import { schemas, type SchemaProblem } from './json-schema';

const describeField = (p: SchemaProblem) =>
  `${p.pointer ? p.pointer.slice(1).replaceAll('/', '.') : 'body'} ${p.message}`;

/** Validates a request body against a wire schema in schemas/wire/; built per route with `validBody`. */
export class SchemaBodyPipe<T> implements PipeTransform<unknown, T> {
  /** @param schemaId the schema's $id, e.g. "wire/chat-turn-request.schema.json" (the API document reads it too). */
  constructor(readonly schemaId: string) {}

  transform(value: unknown): T {
    const body = value === undefined ? {} : value;
    const result = schemas.validate<T>(this.schemaId, body);
    if (!result.ok) throw AppError.validation(result.problems.map(describeField));
    return result.value;
  }
}

/** The wire schemas, by their name in schemas/wire/ ("chat-turn-request"). */
type WireName = keyof SchemaTypes extends infer Name ? (Name extends `wire/${infer Wire}` ? Wire : never) : never;

/** The pipe for a body of schemas/wire/<name>.schema.json, typed as the type generated from it. */
export const validBody = <N extends WireName>(name: N) =>
  new SchemaBodyPipe<SchemaTypes[`wire/${N}`]>(`wire/${name}.schema.json`);
