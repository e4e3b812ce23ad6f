import type { PipeTransform } from '@nestjs/common';
import { AppError } from './app-error';
import { schemas, type SchemaProblem } from './json-schema';

const describeField = (p: SchemaProblem) =>
  `${p.pointer ? p.pointer.slice(1).replaceAll('/', '.') : 'body'} ${p.message}`;

/** Validates a request body against a wire schema in schemas/wire/; built per route with `validBody`. */
export class SchemaBodyPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schemaId: string) {}

  transform(value: unknown): T {
    const body = value === undefined ? {} : value;
    const result = schemas.validate<T>(this.schemaId, body);
    if (!result.ok) throw AppError.validation(result.problems.map(describeField));
    return result.value;
  }
}

export const validBody = <T>(name: string) => new SchemaBodyPipe<T>(`wire/${name}.schema.json`);
