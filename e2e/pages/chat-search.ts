import type { Locator, Page } from '@playwright/test';

/**
 * 'Search chats' in the history panel: a search box, then the results as buttons grouped under each
 * agent's name (a region named 'Search results', a labelled section per agent).
 */
export class ChatSearch {
  static readonly label = 'Search chats';
  static readonly noMatchText = 'No chats match your search.';

  readonly box: Locator;
  readonly results: Locator;
  /** Every result button, in the order shown. */
  readonly resultButtons: Locator;
  /** The agents' group headings, in the order shown. */
  readonly groupHeadings: Locator;
  readonly noMatch: Locator;

  constructor(readonly page: Page) {
    this.box = page.getByRole('searchbox', { name: ChatSearch.label });
    this.results = page.getByRole('region', { name: 'Search results' });
    this.resultButtons = this.results.getByRole('button');
    this.groupHeadings = this.results.getByRole('heading', { level: 3 });
    this.noMatch = page.getByRole('status').filter({ hasText: ChatSearch.noMatchText });
  }

  /** The group of results of the agent with this display name. */
  group(agentName: string): Locator {
    return this.results.getByRole('region', { name: agentName, exact: true });
  }

  /** Result buttons of one agent's group whose text includes `text`. */
  result(agentName: string, text: string): Locator {
    return this.group(agentName).getByRole('button').filter({ hasText: text });
  }

  /** The highlighted words of a result. */
  marks(result: Locator): Locator {
    return result.locator('mark');
  }
}
