/* eslint-disable */
/**
 * Generated from schemas/wire/check-access-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Answer of GET /api/auth/check-access.
 */
export interface CheckAccessResponse {
  /**
   * True when this browser holds a valid access cookie.
   */
  authorized: boolean;
}
