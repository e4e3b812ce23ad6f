import { Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import type { SearchResponse, SearchResult } from '@mb/contracts/types/wire/search-response';
import type { ChatScope } from '../sessions';
import { ChatSearchStore, type SearchHitRow } from './chat-search.store';
import { parseMarked, snippetOf, type Snippet } from './snippet';

export const MAX_QUERY_LENGTH = 500;

/** What a user may type; control characters (NUL would be refused by PostgreSQL) become spaces. */
export function parseSearchQuery(raw: unknown): string {
  if (raw !== undefined && typeof raw !== 'string') throw AppError.validation(['q must be given once']);
  const query = (raw ?? '').replace(/\p{Cc}/gu, ' ').trim();
  if (!query) throw AppError.validation(['q must not be empty: give the words to search for']);
  if (query.length > MAX_QUERY_LENGTH)
    throw AppError.validation([`q must be at most ${MAX_QUERY_LENGTH} characters (it has ${query.length})`]);
  return query;
}

/** A chat hit shows its summary when the words are there, else its title. */
function chatSnippet(row: SearchHitRow): Snippet {
  if (row.marked_summary !== null) {
    const summary = snippetOf(row.marked_summary);
    if (summary.highlights.length) return summary;
  }
  return parseMarked(row.marked_text);
}

const toResult = (row: SearchHitRow): SearchResult => ({
  sessionId: row.session_id,
  agentType: row.agent_type,
  sessionTitle: row.title,
  messageId: row.message_id === null ? null : String(row.message_id),
  messageOrder: row.message_order,
  role: row.role,
  ...(row.message_id === null ? chatSnippet(row) : snippetOf(row.marked_text)),
  rank: Number(row.rank),
  createdAt: new Date(row.created_at).toISOString(),
});

@Injectable()
export class ChatSearch {
  constructor(private readonly store: ChatSearchStore) {}

  async search(
    query: string,
    options: { preferAgent: string | null; limit: number; scope: ChatScope },
  ): Promise<SearchResponse> {
    const rows = await this.store.search(query, options);
    return { results: rows.map(toResult) };
  }
}
