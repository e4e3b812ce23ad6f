/* eslint-disable */
/**
 * Generated from schemas/wire/grant-access-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/auth/grant-access. The shared access code is always required; `granted: true` alone grants nothing.
 */
export interface GrantAccessRequest {
  /**
   * The shared access code, compared case-insensitively on the server.
   */
  passcode: string;
  /**
   * Sent by older clients of the hub page; ignored.
   */
  granted?: boolean;
}
