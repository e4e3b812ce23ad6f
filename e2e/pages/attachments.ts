import type { JSHandle, Locator, Page, Request, Route } from '@playwright/test';
import type { TestFile } from '../support/attachment-files';

/** POST /api/chat/attachments?agentType=…: one upload. */
const uploadUrl = /\/api\/chat\/attachments\?/;
/** DELETE /api/chat/attachments/:id: an unsent upload removed. */
const attachmentUrl = /\/api\/chat\/attachments\/[0-9a-f-]{36}$/;

export const isUpload = (request: Request) => request.method() === 'POST' && uploadUrl.test(request.url());
export const isAttachmentDelete = (request: Request) =>
  request.method() === 'DELETE' && attachmentUrl.test(request.url());

/**
 * The files of a message: what the composer shows while they are attached (chips, refusals, the drop
 * overlay, the note of a model without vision), how files come in (the attach button's picker, a drop on
 * the chat, a paste), and the photos and documents of a sent message with the photo's lightbox.
 */
export class Attachments {
  static readonly dropText = 'Drop photos or documents to attach them';
  static readonly blindNote =
    "This assistant's model can't see images, so photos can't be attached here. Documents work.";
  static readonly failedHold = 'Remove the files that could not be uploaded to send.';
  static readonly waitingForOne = 'Sending when the upload finishes…';
  static readonly waitingForSeveral = 'Sending when the uploads finish…';

  readonly composer: Locator;
  readonly attachButton: Locator;
  readonly messageBox: Locator;
  /** The chips of the files attached to the message being written. */
  readonly chips: Locator;
  /** Why files were not taken, said before anything is sent (it has a Dismiss button when it says anything). */
  readonly refusals: Locator;
  readonly dropOverlay: Locator;
  /** The composer's note that the agent's model cannot see photos. */
  readonly visionNote: Locator;
  /** What the composer reads out: a message waiting for its files, or why one was not sent after all. */
  readonly composerStatus: Locator;
  /** Takes back a message waiting for its files. */
  readonly cancelButton: Locator;
  /** Why the draft in the box was not sent ('Not sent. …'), beside it. */
  readonly draftNote: Locator;

  constructor(readonly page: Page) {
    this.messageBox = page.getByRole('textbox', { name: 'Message' });
    this.composer = page.locator('form').filter({ has: this.messageBox });
    this.attachButton = this.composer.getByRole('button', { name: 'Attach a file' });
    this.chips = this.composer.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
    this.refusals = this.composer
      .getByRole('alert')
      .filter({ has: page.getByRole('button', { name: 'Dismiss', exact: true }) });
    this.dropOverlay = page.getByText(Attachments.dropText, { exact: true });
    this.visionNote = this.composer.getByText(Attachments.blindNote, { exact: true });
    this.composerStatus = this.composer.getByRole('status');
    this.cancelButton = this.composer.getByRole('button', { name: 'Cancel', exact: true });
    this.draftNote = this.composer.getByText(/^Not sent\. /);
  }

  chip(name: string): Locator {
    return this.chips.filter({ hasText: name });
  }

  /** 'uploading', 'processing', 'ready' or 'failed'. */
  chipState(name: string): Locator {
    return this.chip(name).locator('[data-state]');
  }

  chipPicture(name: string): Locator {
    return this.chip(name).locator('img');
  }

  uploadProgress(name: string): Locator {
    return this.chip(name).getByRole('progressbar', { name: `Uploading ${name}` });
  }

  /** A failed chip's reason. */
  chipError(name: string): Locator {
    return this.chip(name).getByRole('alert');
  }

  removeButton(name: string): Locator {
    return this.composer.getByRole('button', { name: `Remove ${name}`, exact: true });
  }

  /** Chooses files through the attach button's file picker. */
  async pick(files: TestFile[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.attachButton.click();
    await (await chooser).setFiles(files);
  }

  /** A DataTransfer in the page carrying the files, as a drag from the desktop or a paste carries them. */
  async transferOf(files: TestFile[]): Promise<JSHandle<DataTransfer>> {
    const sent = files.map(({ name, mimeType, buffer }) => ({ name, mimeType, base64: buffer.toString('base64') }));
    return this.page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const { name, mimeType, base64 } of list) {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type: mimeType }));
      }
      return transfer;
    }, sent);
  }

  /** Drags the files in over the target (the chat, by default) without dropping them. */
  async dragOver(transfer: JSHandle<DataTransfer>, target: Locator): Promise<void> {
    await target.dispatchEvent('dragenter', { dataTransfer: transfer });
    await target.dispatchEvent('dragover', { dataTransfer: transfer });
  }

  async drop(transfer: JSHandle<DataTransfer>, target: Locator): Promise<void> {
    await target.dispatchEvent('drop', { dataTransfer: transfer });
  }

  /** Pastes the files into the message box, as a paste of copied files does. */
  async paste(files: TestFile[]): Promise<void> {
    const transfer = await this.transferOf(files);
    await this.messageBox.evaluate(
      (box, clipboardData) =>
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true })),
      transfer,
    );
  }

  /**
   * Holds every upload request until the returned function is called, so the chip's uploading state can
   * be seen however fast the server is.
   */
  async holdUploads(): Promise<() => void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await this.page.route(uploadUrl, async (route: Route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** The photos and documents of a sent user message. */
  sentFiles(message: Locator): Locator {
    return message.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  }

  /** A sent photo's thumbnail: a button named by the photo, which opens the lightbox. */
  thumbnailButton(message: Locator, name: string): Locator {
    return message.getByRole('button', { name, exact: true });
  }

  /** A sent document: a link that downloads it, with its pages. */
  documentLink(message: Locator, name: string): Locator {
    return message.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}`) });
  }

  /** The photo at full size: a modal dialog named by the file. */
  lightbox(name: string): Locator {
    return this.page.getByRole('dialog', { name, exact: true });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
