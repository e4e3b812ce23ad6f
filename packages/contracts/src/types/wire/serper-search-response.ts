/* eslint-disable */
/**
 * Generated from schemas/wire/serper-search-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { MessageSource } from './chat-message.js';

/**
 * Answer of POST /api/serper-search.
 */
export interface SerperSearchResponse {
  /**
   * The web-search enhanced answer (markdown).
   */
  aiResponse: string;
  /**
   * The search results the answer was given (title and link).
   */
  sources: MessageSource[];
}
