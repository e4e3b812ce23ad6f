import type { SchemaName } from '../common/route-docs';
import { buildOpenApiDocument } from './openapi-document';
import type { CatalogRoute } from './route-catalog';
import { schemaComponents } from './schema-components';

const components = schemaComponents(
  new Map<string, Record<string, unknown>>([
    [
      'wire/item.schema.json',
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'wire/item.schema.json',
        title: 'Item',
        description: 'An item.',
        type: 'object',
        properties: { tags: { $ref: '#/definitions/tags' }, owner: { $ref: '../owner.schema.json#/properties/name' } },
        definitions: { tags: { type: 'array', items: { type: 'string' } } },
      },
    ],
    [
      'owner.schema.json',
      { $id: 'owner.schema.json', title: 'Owner', type: 'object', properties: { name: { type: 'string' } } },
    ],
    ['wire/error-code.schema.json', { $id: 'wire/error-code.schema.json', title: 'ErrorCode', enum: ['NOT_FOUND'] }],
    [
      'wire/error-response.schema.json',
      {
        $id: 'wire/error-response.schema.json',
        title: 'ErrorResponse',
        properties: { code: { $ref: 'error-code.schema.json' }, example: { const: { $ref: 'not-a-reference' } } },
      },
    ],
  ]),
);

/** The test's own schema, not one of schemas/. */
const item = 'wire/item' as SchemaName;

const options = {
  title: 'Test API',
  version: '1.0.0',
  description: 'For tests.',
  accessCookie: { name: 'access', description: 'The access cookie.' },
};

const route = (overrides: Partial<CatalogRoute> = {}): CatalogRoute => ({
  method: 'GET',
  path: '/api/items/:id',
  handlerName: 'ItemsController.get',
  operationId: 'Items.get',
  isPublic: false,
  status: 200,
  answer: { summary: 'One item', json: item, errors: ['NOT_FOUND'] },
  unvalidatedBody: false,
  parameters: [{ in: 'path', name: 'id', format: 'uuid' }],
  impliedErrors: ['VALIDATION_FAILED'],
  ...overrides,
});

describe(buildOpenApiDocument.name, () => {
  it('describes a route from its catalog entry: path, parameters, answer and every error by status', () => {
    const sut = buildOpenApiDocument([route()], components, options);

    const operation = sut.paths['/api/items/{id}'].get;
    expect(operation).toMatchObject({
      operationId: 'Items.get',
      summary: 'One item',
      tags: ['items'],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    });
    expect(operation).not.toHaveProperty('security');
    expect(operation.responses).toEqual({
      200: {
        description: 'An item.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
      },
      400: expect.objectContaining({ description: 'Error body with code VALIDATION_FAILED.' }),
      401: expect.objectContaining({ description: 'Error body with code ACCESS_REQUIRED.' }),
      404: expect.objectContaining({ description: 'Error body with code NOT_FOUND.' }),
      500: {
        description: 'Error body with code INTERNAL.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
      },
    });
  });

  it('marks a public route as needing no access cookie, and asks for it everywhere else', () => {
    const sut = buildOpenApiDocument([route({ isPublic: true })], components, options);

    expect(sut.security).toEqual([{ accessCookie: [] }]);
    expect(sut.paths['/api/items/{id}'].get).toMatchObject({ security: [] });
    expect(sut.paths['/api/items/{id}'].get.responses).not.toHaveProperty('401');
  });

  it('refuses a route that does not say what it answers', () => {
    expect(() => buildOpenApiDocument([route({ answer: undefined })], components, options)).toThrow(
      'GET /api/items/:id (ItemsController.get): has no @Answers(...)',
    );
  });

  it('refuses a route that reads a body without a schema', () => {
    expect(() => buildOpenApiDocument([route({ unvalidatedBody: true })], components, options)).toThrow(
      /reads a body without validBody/,
    );
  });

  it('refuses an undescribed query parameter, and a description of one the route does not read', () => {
    const reads = route({ parameters: [{ in: 'query', name: 'limit' }] });
    const describes = route({ answer: { summary: 'x', json: item, query: { limit: 'How many.' } }, parameters: [] });

    expect(() => buildOpenApiDocument([reads], components, options)).toThrow(/"limit" needs a description/);
    expect(() => buildOpenApiDocument([describes], components, options)).toThrow(/does not read/);
  });

  it('refuses an empty answer whose status is not 204', () => {
    const empty = route({ answer: { summary: 'Delete', empty: true }, status: 200 });

    expect(() => buildOpenApiDocument([empty], components, options)).toThrow(/needs @HttpCode\(204\)/);
  });
});

describe(schemaComponents.name, () => {
  it('names each schema file by its title and points every reference into the document', () => {
    expect(components.schemas.Item).toEqual({
      title: 'Item',
      description: 'An item.',
      type: 'object',
      properties: {
        tags: { $ref: '#/components/schemas/Item/definitions/tags' },
        owner: { $ref: '#/components/schemas/Owner/properties/name' },
      },
      definitions: { tags: { type: 'array', items: { type: 'string' } } },
    });
    expect(components.schemas.ErrorResponse.properties).toEqual({
      code: { $ref: '#/components/schemas/ErrorCode' },
      example: { const: { $ref: 'not-a-reference' } },
    });
  });

  it('refuses two schema files with one title', () => {
    const twice = new Map([
      ['a.schema.json', { title: 'Same' }],
      ['b.schema.json', { title: 'Same' }],
    ]);

    expect(() => schemaComponents(twice)).toThrow(
      'schemas/b.schema.json: title "Same" is also the title of schemas/a.schema.json',
    );
  });
});
