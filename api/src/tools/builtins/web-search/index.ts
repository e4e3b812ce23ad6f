import type { WebSearch } from '../../../search';
import type { ToolDefinition } from '../../tool-definition';

/** Serper's results as a tool: the titles, links and snippets as text (the model writes its own answer). */
export const webSearchTool = (search: WebSearch): ToolDefinition => ({
  name: 'web_search',
  description: 'Search the web (Google through Serper) and get the top results: title, link and snippet of each.',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What to search for, as you would type it into Google.' } },
    required: ['query'],
    additionalProperties: false,
  },
  async run(args, signal) {
    const query = (args as { query?: unknown } | null)?.query;
    if (typeof query !== 'string' || !query.trim()) throw new Error('query must be a non-empty string');
    const results = await search.search(query.trim(), signal);
    if (!results.length) return `No results for "${query.trim()}".`;
    return results.map((r, i) => `${i + 1}. ${r.title}\n   ${r.link}\n   ${r.snippet}`).join('\n');
  },
});
