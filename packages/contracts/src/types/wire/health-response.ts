/* eslint-disable */
/**
 * Generated from schemas/wire/health-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Answer of GET /api/health when the server and its database answer (otherwise an INTERNAL error).
 */
export interface HealthResponse {
  status: 'ok';
}
