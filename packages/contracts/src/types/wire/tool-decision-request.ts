/* eslint-disable */
/**
 * Generated from schemas/wire/tool-decision-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/chat/sessions/:id/turn/tool-calls/:callId: the user's answer to a call that waits for confirmation.
 */
export interface ToolDecisionRequest {
  /**
   * true: run the call. false: tell the model the user declined it.
   */
  allow: boolean;
}
