/* eslint-disable */
/**
 * Generated from schemas/wire/serper-search-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/serper-search: a web search on the user's message, then an answer grounded in its results.
 */
export interface SerperSearchRequest {
  /**
   * The user's message; also the search query.
   */
  userMessage: string;
  /**
   * System prompt of the answer; default the agent's persona.
   */
  systemPrompt?: string;
  /**
   * Id of the agent whose model settings (and persona, without systemPrompt) apply.
   */
  agentType?: string;
  /**
   * The session the message belongs to.
   */
  sessionId?: string | null;
}
