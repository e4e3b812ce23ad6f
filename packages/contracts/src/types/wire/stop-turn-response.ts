/* eslint-disable */
/**
 * Generated from schemas/wire/stop-turn-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Answer of POST /api/chat/sessions/{id}/turn/stop.
 */
export interface StopTurnResponse {
  /**
   * A reply was in progress and has been stopped (what arrived is saved).
   */
  stopped: boolean;
}
