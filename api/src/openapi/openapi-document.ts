import { OPENAI_API_ROOT } from '../common/api-prefix';
import { ERROR_STATUS, type ErrorCode } from '../common/app-error';
import type { AnswerDoc } from '../common/route-docs';
import { STATE_CHANGING_METHODS } from '../common/same-origin.middleware';
import type { CatalogRoute } from './route-catalog';
import type { SchemaComponents } from './schema-components';

export const ERROR_RESPONSE_SCHEMA = 'wire/error-response.schema.json';
const OPENAI_ERROR_SCHEMA = 'wire/openai-error-response.schema.json';

/** A route of the OpenAI-compatible API: a key opens it (not the cookie) and it answers OpenAI's error shape. */
const isKeyRoute = (route: CatalogRoute) => route.path.startsWith(`/${OPENAI_API_ROOT}/`);

/** An OpenAPI 3.1 document, kept loose: it is only ever serialized. */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
type Operation = Record<string, unknown> & { responses: Record<string, unknown> };

export interface DocumentOptions {
  title: string;
  version: string;
  description: string;
  /** The access cookie: every operation needs it unless marked public. */
  accessCookie: { name: string; description: string };
}

const schemaId = (name: string) => `${name}.schema.json`;

/** Codes every route of a kind may answer, whatever it declares. */
const BODY_ERRORS: ErrorCode[] = ['VALIDATION_FAILED', 'MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 0 },
};

/** "/api/chat/sessions/:id" -> "/api/chat/sessions/{id}" */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function fail(route: CatalogRoute, problem: string): never {
  throw new Error(`${route.method} ${route.path} (${route.handlerName}): ${problem}`);
}

function successResponses(route: CatalogRoute, answer: AnswerDoc, components: SchemaComponents) {
  const headers = answer.headers
    ? Object.fromEntries(
        Object.entries(answer.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      )
    : undefined;
  if ('json' in answer && 'events' in answer) {
    return {
      200: {
        description: `${components.titleOf(schemaId(answer.json))} (JSON), or with stream: true server-sent events, each \`data:\` line one ${components.titleOf(schemaId(answer.events))}.`,
        ...(headers ? { headers } : {}),
        content: {
          'application/json': { schema: { $ref: components.refOf(schemaId(answer.json)) } },
          'text/event-stream': { schema: { $ref: components.refOf(schemaId(answer.events)) } },
        },
      },
    };
  }
  if ('json' in answer) {
    const id = schemaId(answer.json);
    const ref = { $ref: components.refOf(id) };
    const title = components.titleOf(id);
    return {
      [route.status]: {
        description: answer.list ? `A list of ${title}.` : (components.descriptionOf(id) ?? title),
        ...(headers ? { headers } : {}),
        content: { 'application/json': { schema: answer.list ? { type: 'array', items: ref } : ref } },
      },
    };
  }
  if ('events' in answer) {
    const id = schemaId(answer.events);
    // The handler writes the stream itself, always with 200.
    return {
      200: {
        description: `Server-sent events: each \`data:\` line is one ${components.titleOf(id)} (JSON).`,
        ...(headers ? { headers } : {}),
        content: { 'text/event-stream': { schema: { $ref: components.refOf(id) } } },
      },
      ...(answer.noContent ? { 204: { description: answer.noContent } } : {}),
    };
  }
  if ('empty' in answer) {
    if (route.status !== 204) fail(route, `answers nothing, so it needs @HttpCode(204) (it has ${route.status})`);
    return { 204: { description: 'Done; no body.' } };
  }
  return {
    [route.status]: {
      description: answer.summary,
      ...(headers ? { headers } : {}),
      content: Object.fromEntries(
        Object.entries(answer.content).map(([mediaType, description]) => [
          mediaType,
          { schema: { type: 'string', description } },
        ]),
      ),
    },
  };
}

/** The statuses of the OpenAI-compatible API's errors, each an OpenAI error body. */
function keyRouteErrors(route: CatalogRoute, components: SchemaComponents) {
  const statuses: Partial<Record<number, string>> = {
    ...(route.bodySchema && {
      400: 'A field of the wrong type or value (`param` names it), or a body that is not JSON: invalid_request_error.',
    }),
    401: 'No key, or one that is unknown, revoked or expired: invalid_api_key.',
    ...((route.bodySchema || route.parameters.some((parameter) => parameter.name === 'model')) && {
      404: 'An agent that does not exist or that the key may not use: model_not_found.',
    }),
    429: "The key's requests a minute (API_KEY_RPM, or the key's own) are spent: rate_limit_exceeded, with Retry-After.",
    500: 'Our fault: server_error.',
    ...(route.bodySchema && {
      502: 'The model service failed or refused our key: server_error.',
      503: 'No model key is configured, or the model service is unavailable: server_error.',
      504: 'The model service did not answer in time: server_error.',
    }),
  };
  const schema = { $ref: components.refOf(OPENAI_ERROR_SCHEMA) };
  return Object.fromEntries(
    Object.entries(statuses).map(([status, description]) => [
      status,
      {
        description,
        ...(status === '429' ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
        content: { 'application/json': { schema } },
      },
    ]),
  );
}

/** Every error code the route may answer, grouped by status, each status referencing the error body. */
function errorResponses(route: CatalogRoute, answer: AnswerDoc, components: SchemaComponents) {
  if (isKeyRoute(route)) return keyRouteErrors(route, components);
  const codes = new Set<ErrorCode>([
    ...(route.isPublic ? [] : (['ACCESS_REQUIRED'] as const)),
    ...(route.bodySchema ? BODY_ERRORS : []),
    ...(STATE_CHANGING_METHODS.has(route.method) ? (['FORBIDDEN_ORIGIN'] as const) : []),
    ...route.impliedErrors,
    ...(answer.errors ?? []),
    'INTERNAL',
  ]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const schema = { $ref: components.refOf(ERROR_RESPONSE_SCHEMA) };
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        status,
        {
          description: `Error body with code ${statusCodes.join(', ')}.`,
          ...(status === 429 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
          content: { 'application/json': { schema } },
        },
      ]),
  );
}

function operation(route: CatalogRoute, components: SchemaComponents): Operation {
  const answer = route.answer ?? fail(route, 'has no @Answers(...): say what it answers');
  if (route.unvalidatedBody) fail(route, 'reads a body without validBody(...): the document cannot describe it');
  const queryRead = new Set(route.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of Object.keys(answer.query ?? {})) {
    if (!queryRead.has(name))
      fail(route, `@Answers describes query parameter "${name}", which the route does not read`);
  }
  const parameters = route.parameters.map((parameter) => {
    if (parameter.in === 'query' && !parameter.description) {
      fail(route, `query parameter "${parameter.name}" needs a description in @Answers({ query })`);
    }
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.in === 'path',
      ...(parameter.description ? { description: parameter.description } : {}),
      schema: { type: 'string', ...(parameter.format ? { format: parameter.format } : {}) },
    };
  });
  const [, , tag = 'api'] = route.path.split('/');
  return {
    operationId: route.operationId,
    summary: answer.summary,
    ...(answer.description ? { description: answer.description } : {}),
    tags: [isKeyRoute(route) ? 'openai-compatible' : tag],
    ...(isKeyRoute(route) ? { security: [{ apiKey: [] }] } : route.isPublic ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.bodySchema
      ? {
          requestBody: {
            required: true,
            ...(components.descriptionOf(route.bodySchema)
              ? { description: components.descriptionOf(route.bodySchema) }
              : {}),
            content: { 'application/json': { schema: { $ref: components.refOf(route.bodySchema) } } },
          },
        }
      : {}),
    responses: { ...successResponses(route, answer, components), ...errorResponses(route, answer, components) },
  };
}

/** The whole API as OpenAPI 3.1, from the routes Nest registers and the schemas the server validates with. */
export function buildOpenApiDocument(
  routes: readonly CatalogRoute[],
  components: SchemaComponents,
  options: DocumentOptions,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const item = (paths[openApiPath(route.path)] ??= {});
    const method = route.method.toLowerCase();
    if (item[method]) fail(route, 'is declared twice');
    item[method] = operation(route, components);
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
    security: [{ accessCookie: [] }],
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        accessCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.accessCookie.name,
          description: options.accessCookie.description,
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A key made under API keys (POST /api/keys), for the OpenAI-compatible API under /v1 only: the access ' +
            'cookie never opens /v1, and a key never opens /api.',
        },
      },
    },
  };
}
