import { pdfBomb, pngBomb } from '../api/test/fixtures/files/make-bombs';
import { expect, test } from './fixtures';
import { Attachments } from './pages/attachments';
import { ChatPage } from './pages/chat-page';
import type { TestFile } from './support/attachment-files';
import { agents } from './support/fixture-agents';

const streamed = { streamed: true } as const;

test.describe('files that unpack huge', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('a PNG and a PDF that unpack to hundreds of megabytes are refused, each saying why, and the chat answers after', async ({
    page,
    upstream,
    allowHttpErrors,
  }) => {
    allowHttpErrors('/api/chat/attachments', 422);
    // 759 KB: 10,000 × 10,000 RGBA at 16 bits a channel, interlaced (800 MB of pixels, within the pixel cap).
    const png: TestFile = { name: 'scan.png', mimeType: 'image/png', buffer: await pngBomb() };
    // 399 KB: a page whose content stream inflates to 400 MB.
    const pdf: TestFile = { name: 'statement.pdf', mimeType: 'application/pdf', buffer: await pdfBomb() };
    await upstream.scriptReply({ text: 'Yes, I am still here.', match: streamed });
    const chat = new ChatPage(page);
    const files = new Attachments(page);
    await chat.goto(agents.uploadsPhotosAndDocuments);

    await files.pick([png]);
    await expect(files.chipError(png.name)).toHaveText(
      `${png.name} was not attached: This PNG image needs too much memory to decode (10000 × 10000 pixels, 16 bits a channel). Scale it down or export it as an 8-bit JPEG, and send it again.`,
    );
    await files.pick([pdf]);
    await expect(files.chipError(pdf.name)).toHaveText(
      `${pdf.name} was not attached: This PDF holds a compressed part that unpacks to more than 64 MB, more than can be read; print it to a new PDF and attach that.`,
    );
    await expect(chat.sendButton).toBeDisabled();

    await files.removeButton(png.name).click();
    await files.removeButton(pdf.name).click();
    await expect(files.chips).toHaveCount(0);
    await chat.send('Are you still there?');

    await expect(chat.userMessages()).toHaveCount(1);
    await expect(chat.assistantMessages().last()).toContainText('Yes, I am still here.');
  });
});
