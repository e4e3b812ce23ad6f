import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { Attachments, isAttachmentDelete, isUpload } from './pages/attachments';
import { ChatPage } from './pages/chat-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { imageFacts, sidewaysPhoto, surveyPdf, svgDrawing, textFile } from './support/attachment-files';
import { agents } from './support/fixture-agents';
import { layouts } from './support/layouts';
import type { CompletionRequest } from './support/upstream-control';

const streamed = { streamed: true } as const;

/** A size as the chip writes it, for files between 1 KB and 1 MB. */
const kilobytes = (bytes: number) =>
  `${new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`;

/** How far the page scrolls sideways (0 when nothing is wider than the screen). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** One state as the user sees it: nothing wider than the screen, axe finds nothing serious, and a screenshot to look at. */
async function checkState(page: Page, state: string, layout: string): Promise<void> {
  expect(await sidewaysScroll(page), `${state}: sideways scroll`).toBe(0);
  await expectNoSeriousA11yViolations(page, `${state} (${layout})`);
  const name = `${state} ${layout}`.replace(/[^a-z0-9]+/gi, '-');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** The content of the last user message of the last streamed completion call (text, or text and image parts). */
async function lastUserContent(completions: Promise<CompletionRequest[]>): Promise<unknown> {
  const turn = (await completions).filter((request) => request.body.stream === true).at(-1);
  return turn?.body.messages.filter((message) => message.role === 'user').at(-1)?.content;
}

type ContentPart = { type: string; text?: string; image_url?: { url: string } };

/** An image's drawn size and the size of the picture the server sent. */
const imageBox = (image: Locator) =>
  image.evaluate((image: HTMLImageElement) => {
    const { width, height } = image.getBoundingClientRect();
    return { width, height, naturalWidth: image.naturalWidth, naturalHeight: image.naturalHeight };
  });

for (const layout of layouts) {
  test.describe(`photos and documents in the chat (${layout.name})`, () => {
    test.use(layout.use);

    test.beforeEach(async ({ grantAccess }) => {
      await grantAccess();
    });

    test('a sideways photo: a chip with its picture, size and progress, sent alone, shown upright, seen by the model, opened full size, kept after a reload', async ({
      page,
      upstream,
    }) => {
      const agent = agents.uploadsPhotosAndDocuments;
      const photo = await sidewaysPhoto();
      const sent = await imageFacts(photo.buffer);
      expect(sent).toMatchObject({ width: 3000, height: 2000, orientation: 6 });
      expect(sent.metadata).toEqual(expect.arrayContaining(['EXIF', 'GPS']));
      await upstream.scriptReply({ text: 'A red corner on a blue ground.', match: streamed });
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(agent);

      const release = await files.holdUploads();
      await files.pick([photo]);
      await expect(files.chips).toHaveCount(1);
      await expect(files.chipState(photo.name)).toHaveAttribute('data-state', 'uploading');
      await expect(files.chip(photo.name)).toContainText(photo.name);
      await expect(files.chip(photo.name)).toContainText(kilobytes(photo.buffer.length));
      await expect(files.uploadProgress(photo.name)).toBeVisible();
      await expect(files.chipPicture(photo.name)).toBeVisible();
      // Pressed now, the message would wait for the photo (composer-uploads.spec.ts).
      await expect(chat.sendButton).toBeEnabled();
      await checkState(page, 'photo uploading', layout.name);

      release();
      await expect(files.chipState(photo.name)).toHaveAttribute('data-state', 'ready');
      await expect(files.uploadProgress(photo.name)).toHaveCount(0);
      // The server's thumbnail replaces the local picture: upright.
      await expect(files.chipPicture(photo.name)).toHaveAttribute('src', /\/thumbnail$/);
      await expect.poll(async () => (await imageBox(files.chipPicture(photo.name))).naturalHeight).toBeGreaterThan(0);
      const chipPicture = await imageBox(files.chipPicture(photo.name));
      expect(chipPicture.naturalWidth).toBeLessThan(chipPicture.naturalHeight);
      await expect(chat.sendButton).toBeEnabled();
      await checkState(page, 'photo ready', layout.name);

      // Sent with no text: the photo is the message.
      await chat.sendButton.click();
      await expect(files.chips).toHaveCount(0);
      const message = chat.userMessages().last();
      await expect(files.sentFiles(message)).toHaveCount(1);
      const thumbnail = files.thumbnailButton(message, photo.name);
      await expect(thumbnail).toBeVisible();
      await expect(chat.assistantMessages().last()).toContainText('A red corner on a blue ground.');
      const sentImage = message.getByRole('img', { name: photo.name });
      await expect.poll(async () => (await imageBox(sentImage)).naturalWidth).toBeGreaterThan(0);
      const shown = await imageBox(sentImage);
      expect(shown.width).toBeLessThan(shown.height);
      expect(shown.naturalWidth).toBeLessThan(shown.naturalHeight);
      await checkState(page, 'photo sent', layout.name);

      // The model got the photo itself as a data URL: upright, downscaled to 2048 px, no metadata left.
      const content = (await lastUserContent(upstream.completionRequests())) as ContentPart[];
      expect(content.map((part) => part.type)).toEqual(['image_url']);
      const dataUrl = content[0].image_url?.url ?? '';
      expect(dataUrl).toMatch(/^data:image\/jpeg;base64,/);
      const seen = await imageFacts(Buffer.from(dataUrl.split(',')[1], 'base64'));
      expect(seen).toEqual({ width: 1365, height: 2048, orientation: undefined, metadata: [] });

      // The reply says what it read.
      await chat.replyDetailsButtons().last().click();
      await expect(chat.replyDetails().last()).toContainText('Attachments read');
      await expect(chat.replyDetails().last()).toContainText(`${photo.name}: the whole image`);
      await chat.replyDetailsButtons().last().click();

      // Full size in a lightbox named by the file; Escape closes it and the focus comes back.
      await thumbnail.click();
      const lightbox = files.lightbox(photo.name);
      await expect(lightbox).toBeVisible();
      const full = lightbox.getByRole('img', { name: photo.name });
      await expect(full).toHaveAttribute('src', /\/api\/chat\/attachments\/[0-9a-f-]{36}$/);
      await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1365);
      expect(await full.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBe(2048);
      // Upright and whole on the screen.
      const drawn = await full.boundingBox();
      const viewport = page.viewportSize();
      if (!drawn || !viewport) throw new Error('the lightbox image or the viewport has no size');
      expect(drawn.width).toBeLessThan(drawn.height);
      expect(drawn.x).toBeGreaterThanOrEqual(0);
      expect(drawn.x + drawn.width).toBeLessThanOrEqual(viewport.width);
      expect(drawn.y + drawn.height).toBeLessThanOrEqual(viewport.height);
      await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused();
      await checkState(page, 'lightbox', layout.name);
      await page.keyboard.press('Escape');
      await expect(lightbox).toHaveCount(0);
      await expect(thumbnail).toBeFocused();

      // The server keeps the photo with the message.
      await page.reload();
      const restored = chat.userMessages().last();
      await expect(files.thumbnailButton(restored, photo.name)).toBeVisible();
      await expect(chat.assistantMessages().last()).toContainText('A red corner on a blue ground.');
      const restoredImage = restored.getByRole('img', { name: photo.name });
      await expect.poll(async () => (await imageBox(restoredImage)).naturalWidth).toBeGreaterThan(0);
      const reloaded = await imageBox(restoredImage);
      expect(reloaded.width).toBeLessThan(reloaded.height);
    });

    test('a PDF dropped on the chat and a text file pasted become chips; a removed chip is deleted on the server; the model reads the document sent', async ({
      page,
      upstream,
    }) => {
      const agent = agents.uploadsPhotosAndDocuments;
      const pdf = await surveyPdf();
      const notes = textFile('notes.txt', 'Remember to ask about the radon reading.\n');
      await upstream.scriptReply({ text: 'Page 2 is about the roof timbers.', match: streamed });
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(agent);
      const uploaded: Promise<string>[] = [];
      page.on('response', (response) => {
        if (isUpload(response.request())) uploaded.push(response.json().then((body: { id: string }) => body.id));
      });

      const transfer = await files.transferOf([pdf]);
      await files.dragOver(transfer, chat.conversation);
      await expect(files.dropOverlay).toBeVisible();
      await checkState(page, 'drop overlay', layout.name);
      await files.drop(transfer, chat.conversation);
      await expect(files.dropOverlay).toHaveCount(0);
      await expect(files.chipState(pdf.name)).toHaveAttribute('data-state', 'ready');
      await expect(files.chip(pdf.name)).toContainText(kilobytes(pdf.buffer.length));

      await files.paste([notes]);
      await expect(files.chipState(notes.name)).toHaveAttribute('data-state', 'ready');
      await expect(files.chips).toHaveCount(2);
      await checkState(page, 'two documents ready', layout.name);

      await expect.poll(() => uploaded.length).toBe(2);
      const [pdfId, notesId] = await Promise.all(uploaded);
      const deleted = page.waitForRequest(isAttachmentDelete);
      await files.removeButton(notes.name).click();
      const deletion = await deleted;
      expect(deletion.url()).toMatch(new RegExp(`/${notesId}$`));
      expect((await deletion.response())?.status()).toBe(204);
      await expect(files.chip(notes.name)).toHaveCount(0);
      await expect(files.chips).toHaveCount(1);
      // The removed chip's button went with it: the focus moved to its neighbour's.
      await expect(files.removeButton(pdf.name)).toBeFocused();

      const turn = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/turns',
      );
      await chat.send('What does page 2 say?');
      expect((await turn).postDataJSON().attachments).toEqual([pdfId]);
      const message = chat.userMessages().last();
      await expect(files.documentLink(message, pdf.name)).toContainText('2 pages');
      await expect(message).toContainText('What does page 2 say?');
      await expect(chat.assistantMessages().last()).toContainText('Page 2 is about the roof timbers.');
      await checkState(page, 'document sent', layout.name);

      const content = await lastUserContent(upstream.completionRequests());
      expect(typeof content).toBe('string');
      expect(content).toContain('What does page 2 say?');
      expect(content).toContain(`<document name="${pdf.name}"`);
      expect(content).toContain('Page 2 of the house survey: roof timbers');
      expect(content).not.toContain('radon reading');
    });

    test('a file over the agent’s size limit, or past its count, is refused before anything is sent', async ({
      page,
    }) => {
      const agent = agents.uploadsOneSmallFile;
      expect(agent.input.attachments).toMatchObject({ maxFiles: 1, maxFileBytes: 2048 });
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (isUpload(request)) uploads.push(request.url());
      });
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(agent);

      const big = textFile('long-notes.txt', 'a line of notes\n'.repeat(320));
      await files.pick([big]);
      await expect(files.refusals).toHaveText(
        `long-notes.txt is ${kilobytes(big.buffer.length)}; this assistant takes files up to 2 KB.`,
      );
      await expect(files.chips).toHaveCount(0);
      await checkState(page, 'too large refused', layout.name);
      expect(uploads).toEqual([]);

      await files.pick([textFile('first.txt', 'one'), textFile('second.txt', 'two')]);
      await expect(files.chipState('first.txt')).toHaveAttribute('data-state', 'ready');
      await expect(files.chips).toHaveCount(1);
      await expect(files.refusals).toHaveText(
        'This assistant takes up to 1 file per message, so second.txt was not added.',
      );
      expect(uploads).toHaveLength(1);
      await checkState(page, 'one too many refused', layout.name);

      await files.refusals.getByRole('button', { name: 'Dismiss' }).click();
      await expect(files.refusals).toHaveCount(0);
    });

    test('an SVG is refused by the server: its chip says why, and Send waits until it is removed', async ({
      page,
      allowHttpErrors,
    }) => {
      allowHttpErrors('/api/chat/attachments?', 415);
      const agent = agents.uploadsPhotosAndDocuments;
      const svg = svgDrawing();
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(agent);
      await chat.messageBox.fill('Here is my drawing');
      await expect(chat.sendButton).toBeEnabled();

      const refused = page.waitForResponse((response) => isUpload(response.request()));
      await files.pick([svg]);
      expect((await refused).status()).toBe(415);
      await expect(files.chipState(svg.name)).toHaveAttribute('data-state', 'failed');
      await expect(files.chipError(svg.name)).toHaveText(
        `${svg.name} was not attached: SVG drawings are not accepted because they can contain scripts. Export it as PNG or JPEG and send that.`,
      );
      await expect(chat.sendButton).toBeDisabled();
      await expect(chat.sendButton).toHaveAccessibleDescription(Attachments.failedHold);
      await chat.messageBox.press('Enter');
      await expect(files.draftNote).toHaveText(`Not sent. ${Attachments.failedHold}`);
      await expect(chat.userMessages()).toHaveCount(0);
      await checkState(page, 'svg refused', layout.name);

      await files.removeButton(svg.name).click();
      await expect(files.chips).toHaveCount(0);
      await expect(files.draftNote).toHaveCount(0);
      await expect(chat.messageBox).toBeFocused();
      await expect(chat.sendButton).toBeEnabled();
    });

    test('an agent whose model has no vision says photos can’t be attached, refuses a photo by its name, and takes a document', async ({
      page,
      upstream,
    }) => {
      const agent = agents.uploadsWithoutVision;
      expect(agent.model.vision).toBe(false);
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (isUpload(request)) uploads.push(request.url());
      });
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(agent);

      await expect(files.visionNote).toBeVisible();
      await expect(chat.attachButton).toHaveAccessibleDescription(Attachments.blindNote);
      await expect(chat.attachButton).toBeEnabled();
      await checkState(page, 'vision note', layout.name);

      const photo = await sidewaysPhoto();
      await files.pick([photo]);
      await expect(files.refusals).toHaveText(`${photo.name} is a photo, and this assistant's model can't see images.`);
      await expect(files.chips).toHaveCount(0);
      expect(uploads).toEqual([]);
      await checkState(page, 'photo refused without vision', layout.name);

      const pdf = await surveyPdf();
      await files.pick([pdf]);
      await expect(files.chipState(pdf.name)).toHaveAttribute('data-state', 'ready');
      await expect(files.refusals).toHaveCount(0);
      await upstream.scriptReply({ text: 'The survey covers foundations and roof timbers.', match: streamed });
      await chat.sendButton.click();
      await expect(files.documentLink(chat.userMessages().last(), pdf.name)).toBeVisible();
      await expect(chat.assistantMessages().last()).toContainText('The survey covers foundations and roof timbers.');
      const content = await lastUserContent(upstream.completionRequests());
      expect(typeof content).toBe('string');
      expect(content).toContain(`<document name="${pdf.name}"`);
    });
  });
}
