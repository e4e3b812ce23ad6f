import { apiPath } from '@mb/contracts/api-paths';
import type { HighlightRange, SearchResponse, SearchResult } from '@mb/contracts/types/wire/search-response';

export type { HighlightRange, SearchResponse, SearchResult };

/** GET /api/chat/search, the given agent's chats first: the default query function GETs the key. */
export const chatSearchKey = (query: string, agentId: string) =>
  [apiPath('search', undefined, { q: query, agentType: agentId })] as const;

/** What the server refuses to search (it answers 400): nothing at all, or more than this. */
export const MAX_SEARCH_LENGTH = 500;
