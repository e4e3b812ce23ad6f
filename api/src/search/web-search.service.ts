import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { wellFormed } from '../common/safe-json';
import { webLink } from '../common/web-link';
import { type AppConfig, APP_CONFIG } from '../config';

export interface SearchResult {
  title: string;
  link: string;
  snippet: string;
}

export const SEARCH_RESULT_COUNT = 5;
const SEARCH_TIMEOUT_MS = 10_000;
const MAX_QUERY_LENGTH = 2000;

/** Google results through Serper. Knows nothing of chat: a query in, titled links out. */
@Injectable()
export class WebSearch {
  private readonly logger = new Logger('Search');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get available(): boolean {
    return Boolean(this.config.serper.apiKey);
  }

  async search(query: string, signal?: AbortSignal): Promise<SearchResult[]> {
    const apiKey = this.config.serper.apiKey;
    if (!apiKey) throw new AppError('SEARCH_UNAVAILABLE', 'Web search is not configured on this server.');
    const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(new URL('search', this.config.serper.baseUrl.replace(/\/?$/, '/')), {
        method: 'POST',
        headers: { 'X-API-KEY': apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: query.slice(0, MAX_QUERY_LENGTH), num: SEARCH_RESULT_COUNT }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      this.logger.warn(`Search request failed: ${timeout.aborted ? 'timed out' : (error as Error).name}`);
      throw this.failed();
    }
    if (!response.ok) {
      await response.body?.cancel();
      this.logger.warn(`Search answered status ${response.status}`);
      throw this.failed();
    }
    const body = (await response.json().catch(() => null)) as { organic?: unknown } | null;
    const organic = Array.isArray(body?.organic) ? (body.organic as Array<Record<string, unknown>>) : [];
    // Each result's link becomes a source of the reply: only a web address is kept (stored, then shown as a link).
    return organic
      .flatMap((item) => {
        const link = typeof item?.link === 'string' ? webLink(item.link) : undefined;
        if (typeof item?.title !== 'string' || !link) return [];
        // Half a character (a lone surrogate) in a title would make the reply's row unstorable.
        const snippet = typeof item.snippet === 'string' ? wellFormed(item.snippet) : '';
        return [{ title: wellFormed(item.title), link, snippet }];
      })
      .slice(0, SEARCH_RESULT_COUNT);
  }

  private failed(): AppError {
    return new AppError('SEARCH_FAILED', 'Web search failed. Please try again.');
  }
}
