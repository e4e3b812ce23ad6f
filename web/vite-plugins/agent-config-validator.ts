import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import type { Plugin } from 'vite';

export const agentConfigValidatorId = 'virtual:agent-config-validator';
const resolvedId = `\0${agentConfigValidatorId}`;

type Helper = ((text: string) => number) & { code: string };
// A CommonJS module with only a default export: which object holds it depends on who loads this file.
const loaded = ucs2lengthModule as unknown as Helper & { default?: Helper };
const ucs2length: Helper = loaded.default ?? loaded;

/**
 * The browser checks a persona against schemas/agent-config.schema.json with the server's validator
 * (ajv, same options), so it finds the same problems. Ajv compiles schemas with `new Function`, which
 * the site's Content-Security-Policy forbids; its standalone mode writes the compiled validator out as
 * plain code instead, and this plugin serves that code as a module, built from the schema on each build.
 */
export function agentConfigValidator(): Plugin {
  let schemaPath = '';
  return {
    name: 'mb-agent-config-validator',
    configResolved(config) {
      schemaPath = resolve(config.root, '..', 'schemas', 'agent-config.schema.json');
    },
    resolveId: (id) => (id === agentConfigValidatorId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(schemaPath);
      const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
      // The options of api/src/common/json-schema.ts, so errors come out the same.
      const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true, code: { source: true, esm: true } });
      const code = standaloneCode(ajv, ajv.compile(schema));
      // The one runtime helper the code requires (string lengths in code points), inlined: no CommonJS in the browser.
      return [
        code.replaceAll(ucs2length.code, 'ucs2length'),
        ucs2length.toString(),
        `export const schema = ${JSON.stringify(schema)};`,
      ].join('\n');
    },
  };
}
