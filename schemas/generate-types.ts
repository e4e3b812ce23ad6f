/**
 * Generates TypeScript types from every schemas/**\/*.schema.json into the shared contracts package,
 * packages/contracts/src/types/<name>.ts, so api and web share types that are never copied by hand.
 *
 *   npx tsx schemas/generate-types.ts           write the files (and remove stale ones)
 *   npx tsx schemas/generate-types.ts --check   exit 1 if any file differs from a fresh run
 *
 * The files hold types only: they compile to no code.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { compile, type Options } from 'json-schema-to-typescript';

const SCHEMAS_DIR = __dirname;
const REPO_DIR = dirname(SCHEMAS_DIR);
const TYPES_DIR = join(REPO_DIR, 'packages', 'contracts', 'src', 'types');
const SCHEMA_SUFFIX = '.schema.json';
const FIX_HINT = 'run npm run schemas:types';

// Keywords whose values are data, not schemas: a "$ref" below them is not a reference.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// Everything that shapes the output is pinned here, so every run and every machine
// produces the same bytes (no prettier config file is consulted).
const BASE_OPTIONS: Partial<Options> = {
  declareExternallyReferenced: true,
  unreachableDefinitions: true,
  enableConstEnums: false,
  // Caps like maxItems: 20 would otherwise become unions of 20 tuple types.
  ignoreMinAndMaxItems: true,
  strictIndexSignatures: true,
  unknownAny: true,
  format: true,
  style: {
    parser: 'typescript',
    printWidth: 100,
    tabWidth: 2,
    useTabs: false,
    semi: true,
    singleQuote: true,
    trailingComma: 'all',
    bracketSpacing: true,
    endOfLine: 'lf',
  },
  // Never fetch anything: references are local files.
  $refOptions: { resolve: { http: false } },
};

interface SchemaFile {
  /** Absolute path of the schema. */
  path: string;
  /** Path under schemas/ without the suffix, with forward slashes: "agent", "wire/chat-turn". */
  name: string;
}

interface Generated {
  /** Path under the repository, with forward slashes: "packages/contracts/src/types/agent.ts". */
  file: string;
  content: string;
  /** The type the whole schema becomes, when the output declares it under that name. */
  rootType?: string;
}

const SCHEMA_TYPES_NAME = 'schema-types';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function toPosix(path: string): string {
  return path.split(sep).join(posix.sep);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(path: string): Json {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Json;
  } catch (error) {
    throw new Error(`${toPosix(relative(REPO_DIR, path))}: ${(error as Error).message}`);
  }
}

function listFiles(dir: string, skip: (path: string) => boolean = () => false): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (skip(path)) return [];
      if (entry.isDirectory()) return listFiles(path, skip);
      return entry.isFile() ? [path] : [];
    })
    .sort();
}

function findSchemas(): SchemaFile[] {
  const skip = (path: string) => path === TYPES_DIR || path.endsWith(`${sep}node_modules`);
  return listFiles(SCHEMAS_DIR, skip)
    .filter((path) => path.endsWith(SCHEMA_SUFFIX))
    .map((path) => ({
      path,
      name: toPosix(relative(SCHEMAS_DIR, path)).slice(0, -SCHEMA_SUFFIX.length),
    }));
}

function outputPath(name: string): string {
  return join(TYPES_DIR, `${name}.ts`);
}

function typeNameFromFileName(name: string): string {
  return posix
    .basename(name)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

function resolvePointer(document: Json, fragment: string, where: string): Json {
  if (fragment === '' || fragment === '/') return document;
  if (!fragment.startsWith('/')) throw new Error(`${where}: only JSON-pointer fragments are supported`);
  let node: Json | undefined = document;
  for (const raw of fragment.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(key) ? node[Number(key)] : undefined;
    else node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    if (node === undefined) throw new Error(`${where}: no "${fragment}" in the referenced schema`);
  }
  return node;
}

/**
 * Replaces every reference to a titled schema by that type's name, importing it when it
 * lives in another file. json-schema-to-typescript would otherwise declare a duplicate of
 * the referenced type in every file that uses it, and a second copy ("Name1") for a $ref
 * with sibling keywords (a description); its declareExternallyReferenced=false can't help,
 * as it also drops the file's own named sub-types. References to untitled schemas are left
 * for the tool to inline (from disk for other files).
 */
function linkNamedTypes(schema: SchemaFile, root: JsonObject): Map<string, string> {
  const imports = new Map<string, string>(); // type name -> module specifier
  const fromDir = dirname(outputPath(schema.name));
  const where = (ref: string) => `${toPosix(relative(REPO_DIR, schema.path))}: $ref "${ref}"`;

  const titleOf = (node: Json): string | undefined =>
    isObject(node) && typeof node.title === 'string' && IDENTIFIER.test(node.title) ? node.title : undefined;

  const link = (node: JsonObject, ref: string): void => {
    const [file, fragment = ''] = ref.split('#');
    if (file === '') {
      // Only definitions are declared on their own (unreachableDefinitions), whatever refers to them.
      if (!fragment.startsWith('/definitions/')) return;
      const title = titleOf(resolvePointer(root, fragment, where(ref)));
      if (title) node.tsType = title;
    } else {
      const targetPath = resolve(dirname(schema.path), decodeURI(file));
      if (!targetPath.endsWith(SCHEMA_SUFFIX) || !existsSync(targetPath)) {
        throw new Error(`${where(ref)} does not name a schemas/**/*${SCHEMA_SUFFIX} file`);
      }
      const title = titleOf(resolvePointer(readJson(targetPath), fragment, where(ref)));
      if (!title) return;
      const targetName = toPosix(relative(SCHEMAS_DIR, targetPath)).slice(0, -SCHEMA_SUFFIX.length);
      let specifier = toPosix(relative(fromDir, outputPath(targetName))).replace(/\.ts$/, '.js');
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
      imports.set(title, specifier);
      node.tsType = title;
    }
    if (node.tsType) delete node.$ref;
  };

  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') link(node, node.$ref);
    for (const [key, value] of Object.entries(node)) {
      if (!DATA_KEYWORDS.has(key)) visit(value);
    }
  };

  visit(root);
  return imports;
}

function banner(schema: SchemaFile, imports: Map<string, string>): string {
  const lines = [
    '/* eslint-disable */',
    '/**',
    ` * Generated from schemas/${schema.name}${SCHEMA_SUFFIX} by schemas/generate-types.ts.`,
    ' * Do not edit: change the schema, then run `npm run schemas:types`.',
    ' */',
  ];
  const byModule = new Map<string, string[]>();
  for (const [type, from] of imports) byModule.set(from, [...(byModule.get(from) ?? []), type]);
  const importLines = [...byModule]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([from, types]) => `import type { ${types.sort().join(', ')} } from '${from}';`);
  return importLines.length ? [...lines, '', ...importLines].join('\n') : lines.join('\n');
}

async function generate(schema: SchemaFile): Promise<Generated> {
  const root = readJson(schema.path);
  if (!isObject(root)) throw new Error(`schemas/${schema.name}${SCHEMA_SUFFIX}: not a JSON object`);
  const title = typeof root.title === 'string' && IDENTIFIER.test(root.title) ? root.title : undefined;
  const imports = linkNamedTypes(schema, root);
  const content = await compile(root, typeNameFromFileName(schema.name), {
    ...BASE_OPTIONS,
    cwd: dirname(schema.path),
    bannerComment: banner(schema, imports),
  });
  const rootType = title ?? typeNameFromFileName(schema.name);
  const declared = new RegExp(`^export (interface|type) ${rootType}\\b`, 'm').test(content);
  return {
    file: toPosix(relative(REPO_DIR, outputPath(schema.name))),
    content,
    rootType: declared ? rootType : undefined,
  };
}

/**
 * packages/contracts/src/types/schema-types.ts: the type of every schema by its name under schemas/, so code
 * that names a schema at run time (a route's body or answer) gets the matching type checked.
 */
function schemaTypesIndex(schemas: SchemaFile[], generated: Generated[]): Generated {
  const entries = schemas.flatMap((schema, index) => {
    if (schema.name === SCHEMA_TYPES_NAME)
      throw new Error(`schemas/${schema.name}${SCHEMA_SUFFIX}: the name is reserved`);
    const rootType = generated[index].rootType;
    return rootType ? [{ name: schema.name, rootType }] : [];
  });
  const lines = [
    '/* eslint-disable */',
    '/**',
    ' * Generated by schemas/generate-types.ts: the type of every schema, by its name under schemas/.',
    ' * Do not edit: run `npm run schemas:types`.',
    ' */',
    '',
    ...entries.map(({ name, rootType }) => `import type { ${rootType} } from './${name}.js';`),
    '',
    'export interface SchemaTypes {',
    ...entries.map(({ name, rootType }) => `  '${name}': ${rootType};`),
    '}',
    '',
  ];
  return { file: toPosix(relative(REPO_DIR, outputPath(SCHEMA_TYPES_NAME))), content: lines.join('\n') };
}

function existingOutputs(): Set<string> {
  return new Set(listFiles(TYPES_DIR).map((path) => toPosix(relative(REPO_DIR, path))));
}

function readIfExists(file: string): string | undefined {
  const path = join(REPO_DIR, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

function removeEmptyDirs(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyDirs(join(dir, entry.name));
  }
  if (dir !== TYPES_DIR && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const schemas = findSchemas();
  const generated: Generated[] = [];
  for (const schema of schemas) generated.push(await generate(schema));
  generated.push(schemaTypesIndex(schemas, generated));

  const expected = new Set(generated.map((output) => output.file));
  const extra = [...existingOutputs()].filter((file) => !expected.has(file));
  const changed = generated.filter((output) => readIfExists(output.file) !== output.content);

  if (check) {
    const problems = [
      ...changed.map(({ file }) =>
        readIfExists(file) === undefined
          ? `${file} is out of date: ${FIX_HINT} (missing)`
          : `${file} is out of date: ${FIX_HINT}`,
      ),
      ...extra.map((file) => `${file} is out of date: ${FIX_HINT} (no schema generates it)`),
    ];
    if (problems.length) {
      problems.forEach((problem) => console.error(problem));
      return 1;
    }
    console.log(`schemas: ${generated.length} type files up to date (${schemas.length} schemas)`);
    return 0;
  }

  for (const { file, content } of changed) {
    mkdirSync(dirname(join(REPO_DIR, file)), { recursive: true });
    writeFileSync(join(REPO_DIR, file), content);
  }
  for (const file of extra) rmSync(join(REPO_DIR, file));
  removeEmptyDirs(TYPES_DIR);
  console.log(
    `schemas: ${schemas.length} schemas, ${changed.length} type files written, ` +
      `${generated.length - changed.length} unchanged, ${extra.length} removed`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
