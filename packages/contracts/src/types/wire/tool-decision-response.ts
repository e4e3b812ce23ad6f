/* eslint-disable */
/**
 * Generated from schemas/wire/tool-decision-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Whether a waiting call took the decision (false: no such call waits in this chat any more).
 */
export interface ToolDecisionResponse {
  accepted: boolean;
}
