/* eslint-disable */
/**
 * Generated from schemas/wire/verify-key-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Answer of POST /api/openai/verify-key: the key in X-OpenAI-Key (or the server's) was accepted by the AI service.
 */
export interface VerifyKeyResponse {
  valid: true;
}
