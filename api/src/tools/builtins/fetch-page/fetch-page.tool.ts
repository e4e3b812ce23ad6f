import { type FetchPageOptions, resolveSettings } from './fetch-page.options';
import { fetchPage } from './page-fetcher';
import { ToolInputError } from '../../tool-input-error';

/** The fetch_page built-in: a public web page, read as text for the model. */
export const fetchPageTool = (options: FetchPageOptions = {}) => {
  const settings = resolveSettings(options);
  return {
    name: 'fetch_page' as const,
    description:
      'Read one public web page and get its readable text: the title, headings, paragraphs, list items and ' +
      'table rows, with links as "text (url)". Reads HTML pages, plain text, Markdown and JSON; images, PDFs ' +
      'and other files are not read. Addresses on private or internal networks are refused. Redirects are ' +
      `followed; long pages are cut after ${settings.maxChars.toLocaleString('en')} characters.`,
    parameters: {
      type: 'object' as const,
      properties: {
        url: {
          type: 'string' as const,
          description: 'The full http:// or https:// address of the page, such as https://example.com/article.',
        },
      },
      required: ['url'],
      additionalProperties: false as const,
    },
    run: async (args: unknown, signal: AbortSignal): Promise<string> => fetchPage(urlIn(args), settings, signal),
  };
};

function urlIn(args: unknown): string {
  const usage = 'fetch_page takes one argument, {"url": "https://…"}';
  if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new ToolInputError(`${usage}.`);
  const { url, ...others } = args as Record<string, unknown>;
  const unknown = Object.keys(others);
  if (unknown.length) throw new ToolInputError(`${usage}; it has no ${unknown.map((key) => `"${key}"`).join(', ')}.`);
  if (typeof url !== 'string' || !url.trim()) throw new ToolInputError(`${usage}; "url" must be a non-empty string.`);
  return url;
}
