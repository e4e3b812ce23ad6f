import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { Attachments, isUpload } from './pages/attachments';
import { ChatPage } from './pages/chat-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { sidewaysPhoto, surveyPdf, svgDrawing, textFile, type TestFile } from './support/attachment-files';
import { agents, declared, fixtureAgents } from './support/fixture-agents';
import { layouts } from './support/layouts';

const streamed = { streamed: true } as const;
const refusesInAToast = fixtureAgents.find((agent) => agent.id === 'toasts-refused-messages');

const isTurn = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/turns';

/** One state as the user sees it: nothing wider than the screen, axe finds nothing serious, and a screenshot to look at. */
async function checkState(page: Page, state: string, layout: string): Promise<void> {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${state}: sideways scroll`).toBe(0);
  await expectNoSeriousA11yViolations(page, `${state} (${layout})`);
  const name = `${state} ${layout}`.replace(/[^a-z0-9]+/gi, '-');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** The ways a file comes into the message, as a user brings it. */
const ways: {
  name: string;
  file: () => Promise<TestFile>;
  bring: (files: Attachments, chat: ChatPage, file: TestFile) => Promise<void>;
}[] = [
  { name: 'the attach button', file: () => sidewaysPhoto(), bring: (files, _chat, file) => files.pick([file]) },
  { name: 'a paste', file: () => sidewaysPhoto('pasted.jpg'), bring: (files, _chat, file) => files.paste([file]) },
  {
    name: 'a drop',
    file: () => surveyPdf(),
    bring: async (files, chat, file) => {
      const transfer = await files.transferOf([file]);
      await files.dragOver(transfer, chat.conversation);
      await files.drop(transfer, chat.conversation);
    },
  },
];

/** The message's file as the sent bubble shows it: a photo's thumbnail, a document's link. */
const sentFile = (files: Attachments, message: Locator, file: TestFile) =>
  file.mimeType.startsWith('image/')
    ? files.thumbnailButton(message, file.name)
    : files.documentLink(message, file.name);

for (const layout of layouts) {
  test.describe(`sending while files upload (${layout.name})`, () => {
    test.use(layout.use);

    test.beforeEach(async ({ grantAccess }) => {
      await grantAccess();
    });

    for (const way of ways) {
      test(`a file brought by ${way.name}, a question typed and Enter pressed at once: the message goes with the file once it is in`, async ({
        page,
        upstream,
      }) => {
        const file = await way.file();
        await upstream.scriptReply({ text: 'It shows a red corner.', match: streamed });
        const chat = new ChatPage(page);
        const files = new Attachments(page);
        await chat.goto(agents.uploadsPhotosAndDocuments);
        const uploaded = page.waitForResponse((response) => isUpload(response.request()));
        const turn = page.waitForRequest(isTurn);

        await way.bring(files, chat, file);
        await chat.messageBox.fill('What does it show?');
        await chat.messageBox.press('Enter');

        const { id } = (await (await uploaded).json()) as { id: string };
        expect((await turn).postDataJSON()).toMatchObject({ content: 'What does it show?', attachments: [id] });
        const message = chat.userMessages().last();
        await expect(message).toContainText('What does it show?');
        await expect(sentFile(files, message, file)).toBeVisible();
        await expect(chat.assistantMessages().last()).toContainText('It shows a red corner.');
        await expect(files.chips).toHaveCount(0);
        await expect(chat.messageBox).toHaveValue('');
        await expect(files.composerStatus).toHaveText('');
      });
    }

    test('a slow upload: the message waits, says so and can be cancelled; sent again, it goes when the upload ends', async ({
      page,
      upstream,
    }) => {
      const photo = await sidewaysPhoto();
      await upstream.scriptReply({ text: 'A red corner on a blue ground.', match: streamed });
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(agents.uploadsPhotosAndDocuments);
      const release = await files.holdUploads();

      await files.pick([photo]);
      await chat.messageBox.fill('Is this damp?');
      await chat.messageBox.press('Enter');

      await expect(files.composerStatus).toHaveText(Attachments.waitingForOne);
      await expect(files.cancelButton).toBeVisible();
      await expect(chat.messageBox).toHaveAttribute('readonly');
      await expect(chat.messageBox).toHaveAccessibleDescription(new RegExp(`^${Attachments.waitingForOne}`));
      await expect(chat.sendButton).toHaveAttribute('aria-disabled', 'true');
      await expect(files.chipState(photo.name)).toHaveAttribute('data-state', /uploading|processing/);
      await expect(chat.userMessages()).toHaveCount(0);
      await checkState(page, 'waiting for the upload', layout.name);

      await files.cancelButton.click();
      await expect(files.cancelButton).toHaveCount(0);
      await expect(files.composerStatus).toHaveText('');
      await expect(chat.messageBox).toHaveValue('Is this damp?');
      await expect(chat.messageBox).not.toHaveAttribute('readonly');
      await expect(chat.messageBox).toBeFocused();
      await expect(files.chips).toHaveCount(1);

      const turn = page.waitForRequest(isTurn);
      await chat.sendButton.click();
      await expect(files.composerStatus).toHaveText(Attachments.waitingForOne);
      await expect(chat.userMessages()).toHaveCount(0);
      release();

      expect((await turn).postDataJSON()).toMatchObject({ content: 'Is this damp?' });
      const message = chat.userMessages().last();
      await expect(files.thumbnailButton(message, photo.name)).toBeVisible();
      await expect(chat.assistantMessages().last()).toContainText('A red corner on a blue ground.');
      await expect(files.composerStatus).toHaveText('');
      await expect(chat.userMessages()).toHaveCount(1);
    });

    test('a file the server refuses while the message waits: nothing is sent, the draft stays, and the composer says why', async ({
      page,
      upstream,
      allowHttpErrors,
    }) => {
      allowHttpErrors('/api/chat/attachments?', 415);
      const svg = svgDrawing();
      await upstream.scriptReply({ text: 'Noted.', match: streamed });
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(agents.uploadsPhotosAndDocuments);
      const release = await files.holdUploads();
      await files.pick([svg]);
      await chat.messageBox.fill('Here is my drawing');
      await chat.messageBox.press('Enter');
      await expect(files.composerStatus).toHaveText(Attachments.waitingForOne);

      release();

      await expect(files.composerStatus).toHaveText(`Not sent. ${svg.name} could not be uploaded.`);
      await expect(files.chipState(svg.name)).toHaveAttribute('data-state', 'failed');
      await expect(chat.messageBox).toHaveValue('Here is my drawing');
      await expect(chat.messageBox).not.toHaveAttribute('readonly');
      await expect(chat.sendButton).toBeDisabled();
      await expect(chat.userMessages()).toHaveCount(0);
      await checkState(page, 'upload failed while waiting', layout.name);

      await files.removeButton(svg.name).click();
      await expect(files.composerStatus).toHaveText('');
      await chat.messageBox.press('Enter');
      await expect(chat.userMessages().last()).toContainText('Here is my drawing');
      await expect(chat.assistantMessages().last()).toContainText('Noted.');
    });

    test('a message refused in a toast: once the toast has gone, its reason stays beside the draft and files given back, until the user edits the draft', async ({
      page,
      upstream,
      allowHttpErrors,
    }) => {
      allowHttpErrors('/api/chat/turns', 413);
      if (!refusesInAToast) throw new Error('no fixture agent toasts-refused-messages');
      expect(refusesInAToast.errors.style).toBe('toast');
      const notes = textFile('joist-notes.txt', 'The joists are 45 x 195 at 400 centres.\n');
      const long = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
      const chat = new ChatPage(page);
      const files = new Attachments(page);
      await chat.goto(refusesInAToast);

      const refused = page.waitForResponse((response) => isTurn(response.request()));
      await files.pick([notes]);
      await chat.messageBox.fill(long);
      await chat.messageBox.press('Enter');

      expect(await (await refused).json()).toMatchObject({ statusCode: 413, code: 'MESSAGE_TOO_LONG' });
      const toast = page.getByRole('region', { name: /Notification/ }).getByRole('listitem');
      await expect(toast).toContainText('Error');
      // The toast's description: the server's words for what to change, not the agent's text for failures.
      const reason = (await toast.locator(':scope > div > div').nth(1).textContent()) ?? '';
      expect(reason).toMatch(/Shorten/);
      expect(reason).not.toBe(refusesInAToast.errors.text);
      await expect(chat.messageBox).toHaveValue(long);
      await expect(files.chipState(notes.name)).toHaveAttribute('data-state', 'ready');
      await expect(chat.userMessages()).toHaveCount(0);
      expect((await upstream.completionRequests()).filter((sent) => sent.body.stream === true)).toHaveLength(0);

      // The toast goes by itself (5 s); the reason does not.
      await expect(toast).toHaveCount(0, { timeout: 15_000 });
      await expect(files.draftNote).toHaveText(`Not sent. ${reason}`);
      await expect(chat.messageBox).toHaveAccessibleDescription(
        `Not sent. ${reason} ${declared(refusesInAToast.input.hint, 'input.hint')}`,
      );
      await checkState(page, 'refused draft reason', layout.name);

      await chat.messageBox.focus();
      await page.keyboard.press('End');
      await expect(files.draftNote).toBeVisible();
      await chat.messageBox.fill('What do the notes say about the joists?');
      await expect(files.draftNote).toHaveCount(0);

      await chat.messageBox.press('Enter');
      const message = chat.userMessages().last();
      await expect(message).toContainText('What do the notes say about the joists?');
      await expect(files.documentLink(message, notes.name)).toBeVisible();
      await expect(chat.assistantMessages().last()).toContainText('Echo: ');
      await expect(files.draftNote).toHaveCount(0);
    });
  });
}
