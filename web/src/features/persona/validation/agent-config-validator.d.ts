/** Served by web/vite-plugins/agent-config-validator.ts: ajv's validator of schemas/agent-config.schema.json. */
declare module 'virtual:agent-config-validator' {
  import type { ErrorObject } from 'ajv';
  import type { JSONSchema7 } from 'json-schema';

  export const validate: {
    (data: unknown): boolean;
    errors?: ErrorObject[] | null;
  };
  export const schema: JSONSchema7;
}
