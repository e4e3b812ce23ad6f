import type { Locator, Page } from '@playwright/test';

/**
 * The chat history panel shared by the agent pages: a landmark named 'Chat History' holding a
 * refresh button, 'New Chat' and one list item per session, titled by a level-3 heading.
 */
export class HistoryPanel {
  static readonly title = 'Chat History';
  static readonly loadingText = 'Loading sessions...';
  static readonly failedText = 'Failed to load sessions';
  static readonly emptyText = 'No chat sessions found. Create a new one to get started.';
  static readonly deleteQuestion = 'Are you sure you want to delete this chat session?';

  readonly panel: Locator;
  /** Below 768 px the panel sits in a modal drawer over the chat, with a close button of its own. */
  readonly drawer: Locator;
  readonly closeButton: Locator;
  readonly heading: Locator;
  readonly refreshButton: Locator;
  readonly newChatButton: Locator;
  readonly list: Locator;
  /** Every session entry, newest first. */
  readonly entries: Locator;
  /** The entry marked as the session open in the chat (aria-current). */
  readonly currentEntry: Locator;
  readonly loading: Locator;
  readonly failed: Locator;
  readonly empty: Locator;
  /** The modal that confirms a delete, and its two buttons. */
  readonly confirmDialog: Locator;
  readonly confirmDeleteButton: Locator;
  readonly cancelDeleteButton: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByRole('complementary', { name: HistoryPanel.title });
    this.drawer = page.getByRole('dialog', { name: HistoryPanel.title });
    this.closeButton = this.panel.getByRole('button', { name: 'Hide Chat History' });
    this.heading = this.panel.getByRole('heading', { level: 2, name: HistoryPanel.title });
    this.refreshButton = this.panel.getByRole('button', { name: 'Refresh sessions' });
    this.newChatButton = this.panel.getByRole('button', { name: 'New Chat', exact: true });
    this.list = this.panel.getByRole('list');
    this.entries = this.list.getByRole('listitem');
    this.currentEntry = this.list.locator('li[aria-current="true"]');
    this.loading = this.panel.getByText(HistoryPanel.loadingText, { exact: true });
    this.failed = this.panel.getByText(HistoryPanel.failedText, { exact: true });
    this.empty = this.panel.getByText(HistoryPanel.emptyText, { exact: true });
    this.confirmDialog = page.getByRole('dialog', { name: HistoryPanel.deleteQuestion });
    this.confirmDeleteButton = this.confirmDialog.getByRole('button', { name: 'Delete', exact: true });
    this.cancelDeleteButton = this.confirmDialog.getByRole('button', { name: 'Cancel', exact: true });
  }

  /** The entry of the session with exactly this title. */
  entry(title: string): Locator {
    return this.entries.filter({ has: this.page.getByRole('heading', { level: 3, name: title, exact: true }) });
  }

  entryTitle(title: string): Locator {
    return this.entry(title).getByRole('heading', { level: 3 });
  }

  /** The last-updated time; its `datetime` attribute holds the ISO timestamp. */
  entryTime(title: string): Locator {
    return this.entry(title).locator('time');
  }

  /** The summary paragraph, present only when the session has one. */
  entrySummary(title: string): Locator {
    return this.entry(title).locator(':scope > p');
  }

  /** 'Summarize', or 'Summarizing...' while the request runs. */
  summarizeButton(title: string): Locator {
    return this.entry(title).getByRole('button', { name: /^Summariz(e|ing\.\.\.)$/ });
  }

  deleteButton(title: string): Locator {
    return this.entry(title).getByRole('button', { name: 'Delete', exact: true });
  }

  continueButton(title: string): Locator {
    return this.entry(title).getByRole('button', { name: 'Continue Chat', exact: true });
  }

  /** Presses the entry's Delete and confirms in the dialog. */
  async deleteSession(title: string): Promise<void> {
    await this.deleteButton(title).click();
    await this.confirmDeleteButton.click();
  }
}
