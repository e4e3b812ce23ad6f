import { AppError } from '../../common/app-error';
import type { SearchResult, WebSearch } from '../../search';
import {
  MAX_CONTEXT_MESSAGES,
  latestUserMessage,
  preparedReply,
  type PreparedReply,
  type ReplyContext,
  type ReplyStrategy,
} from './reply-strategy';
import { matchesSearchKeywords } from './search-keywords';

export function searchBackedPrompt(systemPrompt: string, results: SearchResult[]): string {
  const listed = results.map((r, i) => `${i + 1}. ${r.title} (${r.link})${r.snippet ? `\n   ${r.snippet}` : ''}`);
  return [
    systemPrompt,
    "Web search results for the user's latest message. Use them for anything current, say that they come from a web search, and cite the ones you use by title and link:",
    listed.join('\n'),
  ].join('\n\n');
}

/** A web search on the user's message first, then an answer grounded in its results. */
export class SearchFirstStrategy implements ReplyStrategy {
  readonly name = 'search-first' as const;

  constructor(private readonly search: WebSearch) {}

  skipReason(context: ReplyContext): string | null {
    if (!this.search.available) return 'the server has no search key';
    const trigger = context.routing.search;
    if (!trigger || !matchesSearchKeywords(latestUserMessage(context), trigger))
      return 'no search keyword in the message';
    return null;
  }

  async prepare(context: ReplyContext): Promise<PreparedReply> {
    const searchQuery = latestUserMessage(context);
    const results = await this.search.search(searchQuery, context.signal);
    if (!results.length) throw new AppError('SEARCH_FAILED', 'Web search found nothing for this message.');
    return preparedReply(context, {
      strategy: this.name,
      systemPrompt: searchBackedPrompt(context.systemPrompt, results),
      window: context.routing.history ?? MAX_CONTEXT_MESSAGES,
      sources: results.map(({ title, link }) => ({ title, link })),
      searchQuery,
    });
  }
}
