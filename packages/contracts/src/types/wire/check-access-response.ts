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
  /**
   * True when people are configured (PEOPLE_FILE): each member signs in with a personal code.
   */
  people?: boolean;
  viewer?: SignedIn;
}
/**
 * Who the access cookie signs in, when it is valid: the circle (no people configured), a person, or a guest (the shared code once people exist, with ACCESS_CODE_WITH_PEOPLE=guest).
 *
 * This interface was referenced by `CheckAccessResponse`'s JSON-Schema
 * via the `definition` "SignedIn".
 */
export interface SignedIn {
  kind: 'circle' | 'person' | 'guest';
  /**
   * A person's id.
   */
  personId?: string;
  /**
   * A person's first name, for greetings and the hub.
   */
  firstName?: string;
}
