/* eslint-disable */
/**
 * Generated from schemas/wire/update-memory-fact-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * PATCH /api/agents/:id/memory/:factId: the fact's new text (within the agent's maxFactChars).
 */
export interface UpdateMemoryFactRequest {
  text: string;
}
