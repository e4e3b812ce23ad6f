/* eslint-disable */
/**
 * Generated from schemas/wire/created-api-key.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ApiKey } from './api-key.js';

/**
 * A new key: the only answer that holds the key itself. Only its hash is stored, so it cannot be shown again.
 */
export interface CreatedApiKey {
  apiKey: ApiKey;
  /**
   * The key, for the client's Authorization: Bearer header. Shown once.
   */
  secret: string;
}
