/* eslint-disable */
/**
 * Generated from schemas/wire/grant-access-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { SignedIn } from './check-access-response.js';

/**
 * Answer of POST /api/auth/grant-access; on success the access cookie is set.
 */
export interface GrantAccessResponse {
  /**
   * True when the code was right and access is granted.
   */
  success: boolean;
  viewer?: SignedIn;
}
