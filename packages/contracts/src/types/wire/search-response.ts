/* eslint-disable */
/**
 * Generated from schemas/wire/search-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Answer of GET /api/chat/search: the messages, titles and summaries of every chat that match a query, best first, the given agent's chats before the others'.
 */
export interface SearchResponse {
  /**
   * At most the requested number of results: one per matching message, and one per chat whose title or summary matches. Ordered by the given agent first (when one was given), then by rank, highest first.
   */
  results: SearchResult[];
}
/**
 * One match: a message of a chat, or the chat itself when its title or summary matched (then the message fields are null).
 *
 * This interface was referenced by `SearchResponse`'s JSON-Schema
 * via the `definition` "searchResult".
 */
export interface SearchResult {
  /**
   * The chat the match is in.
   */
  sessionId: string;
  /**
   * Id of the agent the chat belongs to; the chat opens on that agent's page.
   */
  agentType: string;
  /**
   * The chat's title.
   */
  sessionTitle: string;
  /**
   * The matching message's id; null when the chat's title or summary matched.
   */
  messageId: string | null;
  /**
   * The matching message's order in its chat; null when the chat's title or summary matched.
   */
  messageOrder: number | null;
  /**
   * Who wrote the matching message; null when the chat's title or summary matched.
   */
  role: 'user' | 'assistant' | null;
  /**
   * Plain text around the match (a part of the message, or of the summary or title), never markup: show it as text. An ellipsis marks text cut at either end.
   */
  snippet: string;
  /**
   * The matched words in `snippet`, in order and not overlapping, as ranges of UTF-16 code units (JavaScript string indexes).
   */
  highlights: HighlightRange[];
  /**
   * How well it matches (PostgreSQL ts_rank; a title counts more than a summary, a summary more than a message). Only comparable within one answer.
   */
  rank: number;
  /**
   * When the message was written; for a title or summary match, when the chat was last updated.
   */
  createdAt: string;
}
/**
 * A matched part of a snippet: snippet.slice(start, end).
 *
 * This interface was referenced by `SearchResponse`'s JSON-Schema
 * via the `definition` "highlightRange".
 */
export interface HighlightRange {
  /**
   * Index of its first code unit.
   */
  start: number;
  /**
   * Index just after its last code unit.
   */
  end: number;
}
