import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ACCESS_COOKIE } from '../access';
import { schemas } from '../common/json-schema';
import { schemasDir } from '../config';
import { buildOpenApiDocument, ERROR_RESPONSE_SCHEMA, type OpenApiDocument } from './openapi-document';
import { RouteCatalog } from './route-catalog';
import { schemaComponents } from './schema-components';

export const API_TITLE = 'mb API';

const apiVersion = () =>
  (JSON.parse(readFileSync(join(schemasDir, '..', 'api', 'package.json'), 'utf8')) as { version: string }).version;

/** GET /api/openapi.json: built once, on first use, from the registered routes and schemas/. */
@Injectable()
export class ApiDocument {
  private document?: OpenApiDocument;

  constructor(private readonly catalog: RouteCatalog) {}

  get(): OpenApiDocument {
    this.document ??= buildOpenApiDocument(this.catalog.routes(), schemaComponents(schemas.documents()), {
      title: API_TITLE,
      version: apiVersion(),
      description: [
        'The API of the company website and its AI chat assistants.',
        'Every route needs the access cookie, set by `POST /api/auth/grant-access` with the shared access code, unless it lists no security',
        '(to try the others here, try that one first: this browser then holds the cookie).',
        `Every error answer is an \`ErrorResponse\` whose \`code\` is one of \`ErrorCode\` (schemas/${ERROR_RESPONSE_SCHEMA} in the repository).`,
        'The schemas below are the JSON Schemas the server validates requests with.',
      ].join(' '),
      accessCookie: {
        name: ACCESS_COOKIE,
        description:
          'Set by POST /api/auth/grant-access with the right access code: signed, HttpOnly, SameSite=Strict.',
      },
    });
    return this.document;
  }
}
