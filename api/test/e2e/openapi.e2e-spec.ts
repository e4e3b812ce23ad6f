import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Response } from 'supertest';
import type { ErrorCode } from '@mb/contracts/types/wire/error-code';
import { ERROR_STATUS } from '../../src/common/app-error';
import { schemas } from '../../src/common/json-schema';
import { concretePath, registeredRoutes, type RegisteredRoute } from '../support/registered-routes';
import { startTestApp, type TestApp } from '../support/test-app';

interface MediaType {
  schema?: { $ref?: string; type?: string; items?: { $ref?: string } };
}
interface Operation {
  operationId: string;
  security?: unknown[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  openapi: string;
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { enum?: string[] }>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

const exec = promisify(execFile);
const validatorCli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
const ERROR_BODY_REF = '#/components/schemas/ErrorResponse';
/** The OpenAI-compatible API (/v1) answers errors in OpenAI's shape, with OpenAI's types instead of our codes. */
const OPENAI_ERROR_BODY_REF = '#/components/schemas/OpenAiErrorResponse';
const isOpenAiRoute = (route: string) => route.split(' ')[1].startsWith('/v1/');

const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;

/** Every operation of the document as "GET /api/x/:id", the way Express lists its routes. */
function operations(document: OpenApiDocument): Array<{ key: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const expressPath = path.replace(/\{(\w+)\}/g, ':$1');
      return { key: `${method.toUpperCase()} ${expressPath}`, path: expressPath, operation };
    }),
  );
}

/** The schema $id a component reference stands for ("#/components/schemas/ChatSession" -> wire/chat-session.schema.json). */
function schemaIdOf(ref: string): string {
  const title = ref.replace('#/components/schemas/', '');
  for (const [id, schema] of schemas.documents()) if (schema.title === title) return id;
  throw new Error(`no schema titled ${title}`);
}

describe('API document (e2e)', () => {
  let sut: TestApp;
  let document: OpenApiDocument;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    sut = await startTestApp();
    routes = registeredRoutes(sut.app).filter((route) => /^\/(api|v1)\//.test(route.path));
    const res = await sut.anonymous().get('/api/openapi.json').expect(200);
    document = res.body as OpenApiDocument;
  });
  afterAll(() => sut.close());

  it('is served to anyone, as JSON', async () => {
    const res = await sut.anonymous().get('/api/openapi.json');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ openapi: '3.1.0' });
  });

  it('is valid OpenAPI 3.1', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mb-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));

    // The validator is an ES module, which jest's CommonJS runtime cannot load: run its own CLI.
    const { stdout } = await exec(process.execPath, [validatorCli, file]).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? '',
    }));

    expect(JSON.parse(stdout)).toEqual({ valid: true });
  });

  it('documents every registered route, and only those', () => {
    expect(routes.length).toBeGreaterThan(15);

    expect(
      operations(document)
        .map((op) => op.key)
        .sort(),
    ).toEqual(routes.map(key).sort());
  });

  it('asks for the access cookie on exactly the routes that refuse a browser without it', async () => {
    expect(document.components.securitySchemes.accessCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.security).toEqual([{ accessCookie: [] }]);
    const documentedPublic: string[] = [];
    const actuallyPublic: string[] = [];
    for (const { key: route, path, operation } of operations(document)) {
      if (operation.security?.length === 0) documentedPublic.push(route);
      const method = route.split(' ')[0].toLowerCase() as 'get';
      const res: Response = await sut.anonymous()[method](concretePath(path)).set('Content-Type', 'application/json');
      if (res.status !== 401) actuallyPublic.push(route);
    }

    expect(documentedPublic.sort()).toEqual(actuallyPublic.sort());
    expect(documentedPublic).toEqual(expect.arrayContaining(['GET /api/openapi.json', 'GET /api/docs']));
  });

  it('answers every error with the error body, whose codes are the ones the server has', () => {
    expect(document.components.schemas.ErrorCode.enum?.sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    for (const { key: route, operation } of operations(document)) {
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect({ route, hasErrors: errors.length > 0 }).toEqual({ route, hasErrors: true });
      for (const [status, response] of errors) {
        expect({ route, status, schema: response.content?.['application/json']?.schema }).toEqual({
          route,
          status,
          schema: { $ref: isOpenAiRoute(route) ? OPENAI_ERROR_BODY_REF : ERROR_BODY_REF },
        });
        if (isOpenAiRoute(route)) continue;
        const codes = response.description.match(/[A-Z][A-Z_]+[A-Z]/g) as ErrorCode[];
        expect({ route, status, statuses: codes.map((code) => String(ERROR_STATUS[code])) }).toEqual({
          route,
          status,
          statuses: codes.map(() => status),
        });
      }
    }
  });

  it('gives each route that reads a body the schema the server validates it with', () => {
    const withBody = operations(document).filter(({ operation }) => operation.requestBody);

    expect(withBody.map((op) => op.key)).toEqual(
      expect.arrayContaining(['POST /api/chat/turns', 'POST /api/chat/sessions', 'POST /api/auth/grant-access']),
    );
    for (const { operation } of withBody) {
      const ref = operation.requestBody?.content['application/json'].schema?.$ref ?? '';
      // A memory import reads what a memory export wrote.
      expect(schemaIdOf(ref)).toMatch(/^wire\/.+-(request|export)\.schema\.json$/);
    }
  });

  it('describes the real answers of the routes a browser reads first', async () => {
    const agent = await sut.authorized();
    /** Routes that refuse to answer without a query parameter. */
    const requiredQuery: Record<string, string> = { 'GET /api/chat/search': '?q=garden' };
    const reads = operations(document).filter(
      ({ key: route, operation }) =>
        route.startsWith('GET /api/') &&
        !route.includes(':') &&
        operation.responses['200']?.content?.['application/json'],
    );
    expect(reads.map((op) => op.key)).toEqual(
      expect.arrayContaining(['GET /api/agents', 'GET /api/settings', 'GET /api/health', 'GET /api/chat/sessions']),
    );
    for (const { key: route, path, operation } of reads) {
      const schema = operation.responses['200'].content?.['application/json'].schema ?? {};
      if (!schema.$ref && !schema.items?.$ref) continue; // the document itself
      const res = await agent.get(path + (requiredQuery[route] ?? '')).expect(200);
      const items = schema.items ? (res.body as unknown[]) : [res.body];
      for (const item of items) {
        const result = schemas.validate(schemaIdOf(schema.items?.$ref ?? schema.$ref ?? ''), item);
        expect({ route, result }).toEqual({ route, result: expect.objectContaining({ ok: true }) });
      }
    }
  });

  describe('GET /api/docs', () => {
    it('is a page that loads the viewer from this server only, with no inline script', async () => {
      const res = await sut.anonymous().get('/api/docs').expect(200);

      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+"/);
        expect(body.trim()).toBe('');
      }
      expect(res.text).not.toMatch(/https?:\/\//);
    });

    it('serves every file the page names, from the installed viewer', async () => {
      const page = await sut.anonymous().get('/api/docs').expect(200);
      const files = [...page.text.matchAll(/(?:src|href)="(\/api\/docs\/[\w.-]+)"/g)].map(([, path]) => path);

      expect(files).toEqual(
        expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/docs.js']),
      );
      for (const file of files) {
        const res = await sut.anonymous().get(file).expect(200);
        expect(res.headers['content-type']).toMatch(/^(text\/javascript|text\/css|image\/png)/);
      }
      const init = await sut.anonymous().get('/api/docs/docs.js');
      expect(init.text).toContain("url: '/api/openapi.json'");
      const bundle = await sut.anonymous().get('/api/docs/swagger-ui-bundle.js');
      expect(bundle.text).toBe(readFileSync(require.resolve('swagger-ui-dist/swagger-ui-bundle.js'), 'utf8'));
    });

    it('answers 404 for any other file name', async () => {
      for (const name of ['index.html', '..%2Fpackage.json', 'constructor', 'swagger-ui-bundle.js.map']) {
        const res = await sut.anonymous().get(`/api/docs/${name}`);
        expect({ name, status: res.status, code: (res.body as { code?: string }).code }).toEqual({
          name,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    });
  });
});
