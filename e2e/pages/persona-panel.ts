import { expect, type Locator, type Page } from '@playwright/test';

/** The persona panel of a reconfigurable agent's chat: a modal dialog opened by the 'Persona' button. */
export class PersonaPanel {
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly editor: Locator;
  readonly problems: Locator;
  readonly applyButton: Locator;
  readonly resetButton: Locator;
  readonly changesButton: Locator;
  readonly downloadButton: Locator;
  readonly history: Locator;
  readonly outcome: Locator;
  readonly failure: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByRole('button', { name: 'Persona', exact: true });
    this.dialog = page.getByRole('dialog', { name: 'Persona' });
    this.editor = this.dialog.getByRole('textbox', { name: 'Persona in force (JSON)' });
    this.problems = this.dialog.getByText(/^(The configuration is valid\.|This configuration cannot be applied yet:)/);
    this.applyButton = this.dialog.getByRole('button', { name: 'Apply', exact: true });
    this.resetButton = this.dialog.getByRole('button', { name: 'Reset to agent default' });
    this.changesButton = this.dialog.getByRole('button', { name: /^(Show|Hide) changes$/ });
    this.downloadButton = this.dialog.getByRole('button', { name: 'Download persona' });
    this.history = this.dialog.getByRole('list', { name: 'Persona history' });
    this.outcome = this.dialog.getByRole('status').filter({ hasText: /^(Applied|Restored|Reset):/ });
    this.failure = this.dialog.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.editor).toBeVisible();
  }

  /** Replaces the editor's text as a paste does (no auto-closed brackets or quotes). */
  async replaceText(text: string): Promise<void> {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(text);
  }

  /**
   * Pastes text as the clipboard hands it to the editor (a paste event), which keeps what typing would change:
   * half of a character, left by a copy that cut an emoji, reaches the editor as it is.
   */
  async pasteText(text: string): Promise<void> {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    // As JSON (half a character becomes an ASCII escape), so nothing on the way to the page can repair it.
    await this.editor.evaluate((node, json) => {
      const data = new DataTransfer();
      data.setData('text/plain', JSON.parse(json) as string);
      node.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, JSON.stringify(text));
  }

  /** The editor's text, parsed. */
  async persona(): Promise<unknown> {
    return JSON.parse(await this.editor.evaluate((node) => (node as HTMLElement).innerText));
  }

  /** Problems marked at their fields in the editor (the text each covers). */
  fieldMarks(): Locator {
    return this.dialog.locator('.cm-lintRange-error');
  }

  /** The problems listed under the editor, in the server's words. */
  problemItems(): Locator {
    return this.dialog.getByRole('listitem').filter({ hasText: /^\/.*: / });
  }

  historyEntries(): Locator {
    return this.history.getByRole('listitem');
  }
}
