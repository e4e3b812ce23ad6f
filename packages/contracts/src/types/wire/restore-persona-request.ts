/* eslint-disable */
/**
 * Generated from schemas/wire/restore-persona-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Body of POST /api/chat/sessions/{id}/persona/restore.
 */
export interface RestorePersonaRequest {
  /**
   * The history entry whose persona the chat goes back to.
   */
  historyId: string;
}
