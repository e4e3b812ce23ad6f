import { posix } from 'node:path';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

// Keywords whose values are data, not schemas: a "$ref" below them is not a reference.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface SchemaComponents {
  /** components.schemas of the document: every schema file under its title. */
  schemas: Record<string, JsonObject>;
  /** The document-local reference of a schema file, by its $id ("wire/chat-session.schema.json"). */
  refOf(id: string): string;
  /** The title of a schema file, by its $id. */
  titleOf(id: string): string;
  /** The description of a schema file, by its $id. */
  descriptionOf(id: string): string | undefined;
}

/**
 * The JSON Schemas of schemas/ (keyed by $id) as OpenAPI 3.1 components: each file becomes the
 * component named by its title, and every $ref (to another file, or inside one) is rewritten to
 * point into the document, so the API document carries the very schemas the server validates with.
 */
export function schemaComponents(documents: ReadonlyMap<string, Readonly<Record<string, unknown>>>): SchemaComponents {
  const names = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const [id, schema] of documents) {
    const title = schema.title;
    if (typeof title !== 'string' || !COMPONENT_NAME.test(title)) {
      throw new Error(`schemas/${id}: a schema file needs a title usable as a component name`);
    }
    const owner = owners.get(title);
    if (owner) throw new Error(`schemas/${id}: title "${title}" is also the title of schemas/${owner}`);
    owners.set(title, id);
    names.set(id, title);
  }

  const nameOf = (id: string): string => {
    const name = names.get(id);
    if (!name) throw new Error(`No schema with $id "${id}" in schemas/`);
    return name;
  };

  const rewrite = (node: Json, id: string): Json => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, id));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const [file, fragment = ''] = value.split('#');
        const target = file === '' ? id : posix.normalize(posix.join(posix.dirname(id), decodeURI(file)));
        out.$ref = `#/components/schemas/${nameOf(target)}${fragment}`;
      } else {
        out[key] = DATA_KEYWORDS.has(key) ? value : rewrite(value, id);
      }
    }
    return out;
  };

  const schemas: Record<string, JsonObject> = {};
  for (const [id, schema] of [...documents].sort(([a], [b]) => nameOf(a).localeCompare(nameOf(b)))) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
    schemas[nameOf(id)] = rewrite(rest, id) as JsonObject;
  }

  return {
    schemas,
    refOf: (id) => `#/components/schemas/${nameOf(id)}`,
    titleOf: nameOf,
    descriptionOf: (id) => {
      const description = documents.get(id)?.description;
      return typeof description === 'string' ? description : undefined;
    },
  };
}
