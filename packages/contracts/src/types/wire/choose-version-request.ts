/* eslint-disable */
/**
 * Generated from schemas/wire/choose-version-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * PUT /api/chat/sessions/:id/version: choose which version of the chat's last exchange is shown and seen by the model from now on (kept across reloads).
 */
export interface ChooseVersionRequest {
  /**
   * The version, from 1 (the first) to the exchange's count of versions.
   */
  version: number;
}
