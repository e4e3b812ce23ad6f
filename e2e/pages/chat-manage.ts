import type { Locator, Page } from '@playwright/test';
import { HistoryPanel } from './history-panel';

/** Rename, pin, export and import in the history panel, by the names the spec gives them. */
export class ChatManage {
  readonly history: HistoryPanel;
  readonly importButton: Locator;
  /** The title input of an entry being renamed (one at a time in these tests). */
  readonly titleInput: Locator;
  readonly blankTitleError: Locator;

  constructor(private readonly page: Page) {
    this.history = new HistoryPanel(page);
    this.importButton = this.history.panel.getByRole('button', { name: 'Import chat', exact: true });
    this.titleInput = this.history.panel.getByRole('textbox', { name: 'Chat title' });
    this.blankTitleError = this.history.panel.getByRole('alert').filter({ hasText: 'The title cannot be blank.' });
  }

  renameButton(title: string): Locator {
    return this.history.entry(title).getByRole('button', { name: 'Rename chat', exact: true });
  }

  pinButton(title: string): Locator {
    return this.history.entry(title).getByRole('button', { name: 'Pin chat', exact: true });
  }

  exportButton(title: string): Locator {
    return this.history.entry(title).getByRole('button', { name: 'Export chat', exact: true });
  }

  exportFormatButton(title: string, format: 'Markdown' | 'JSON'): Locator {
    return this.history
      .entry(title)
      .getByRole('group', { name: 'Export format' })
      .getByRole('button', { name: format === 'JSON' ? 'JSON (.json)' : 'Markdown (.md)', exact: true });
  }

  /** The titles of the entries, top to bottom. */
  titles(): Promise<string[]> {
    return this.history.entries.getByRole('heading', { level: 3 }).allTextContents();
  }
}
