import { Controller, Get, Query } from '@nestjs/common';
import { CurrentViewer, type Viewer } from '../access';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import type { SearchResponse } from '@mb/contracts/types/wire/search-response';
import { ChatAccess, parseLimit } from '../sessions';
import { ChatSearch, MAX_QUERY_LENGTH, parseSearchQuery } from './chat-search.service';

@Controller('chat/search')
export class ChatSearchController {
  constructor(
    private readonly chatSearch: ChatSearch,
    private readonly access: ChatAccess,
  ) {}

  @Get()
  @Answers({
    summary: 'Search the titles, summaries and messages of every chat the viewer may see',
    json: 'wire/search-response',
    description:
      'Words are matched in English and German forms ("gardens" finds "garden", "Gärten" finds "Garten"). ' +
      'The query reads like a web search: "quoted words" in that order, -word for without, or between ' +
      'alternatives; any other text is taken as words, never refused as syntax. Replies still being written ' +
      'are left out.',
    query: {
      q: `The words to search for (1 to ${MAX_QUERY_LENGTH} characters).`,
      agentType: "This agent's chats come first, then the others'.",
      limit: 'At most this many results (1 to 50; default 20).',
    },
  })
  search(
    @Query('q') q: unknown,
    @Query('agentType') agentType: unknown,
    @Query('limit') limit: unknown,
    @CurrentViewer() viewer: Viewer,
  ): Promise<SearchResponse> {
    const query = parseSearchQuery(q);
    if (agentType !== undefined && typeof agentType !== 'string')
      throw AppError.validation(['agentType must be given once']);
    return this.chatSearch.search(query, {
      preferAgent: agentType || null,
      limit: parseLimit(limit, 20, 50),
      scope: this.access.scope(viewer),
    });
  }
}
