import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatAttachment } from '../../../lib/api/attachments';
import { stubXhr, type FakeXhr } from '../../../test/fake-xhr';
import { stubObjectUrls } from '../../../test/object-urls';
import { agentTakingUploads, storedPdf, storedPhoto } from '../../../test/upload-agents';
import { useAttachmentUploads } from './attachments/use-attachment-uploads';
import { Composer } from './composer';

type Send = (text: string, attachments: ChatAttachment[]) => void;

/** The composer as the chat page composes it, with a reply that can be running (busy) or not. */
function ComposerWithUploads({ onSend }: { onSend: Send }) {
  const agent = agentTakingUploads();
  const uploads = useAttachmentUploads(agent);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Composer
        input={agent.input}
        draft={draft}
        onDraftChange={setDraft}
        onSend={(text) => {
          onSend(text, uploads.ready);
          setDraft('');
          uploads.clear();
        }}
        onStop={() => undefined}
        busy={busy}
        canStop={false}
        attachments={uploads}
      />
      <button type="button" onClick={() => setBusy((running) => !running)}>
        {busy ? 'End the reply' : 'Start a reply'}
      </button>
    </>
  );
}

function renderSut() {
  const onSend = vi.fn<Send>();
  const view = render(<ComposerWithUploads onSend={onSend} />);
  return { ...view, onSend };
}

/** The server answers an upload, and what follows in the page (the chip, a message waiting for it) is done. */
const answer = (request: FakeXhr, status: number, body: unknown) =>
  act(() => Promise.resolve(request.respond(status, body)));

const fileOf = (name: string, type: string) => new File(['bytes'], name, { type });
const pdf = () => fileOf('inspection-report.pdf', 'application/pdf');
const photo = () => fileOf('crawlspace.jpg', 'image/jpeg');

const choose = (container: HTMLElement, ...files: File[]) =>
  fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files } });
const paste = (...files: File[]) =>
  fireEvent.paste(textArea(), { clipboardData: { files, items: [], types: ['Files'] } });
const textArea = () => screen.getByRole('textbox', { name: 'Message' });
const type = (text: string) => fireEvent.change(textArea(), { target: { value: text } });
const pressEnter = () => fireEvent.keyDown(textArea(), { key: 'Enter' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel' });
/** The composer's live region: what it says is read out as it appears. */
const status = () => screen.getByRole('status');
const chipNames = () =>
  within(screen.getByRole('list', { name: 'Attached files' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[title]')?.getAttribute('title'));

const failed = {
  statusCode: 422,
  code: 'UNREADABLE_FILE',
  message: 'inspection-report.pdf is protected by a password, so it cannot be read.',
};

describe('Send while files upload', () => {
  it('waits for the file, says so in the live region, and sends the message with it once it is in', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    type('What does page 2 say?');
    expect(sendButton()).toBeEnabled();

    pressEnter();

    expect(onSend).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent('Sending when the upload finishes…');
    expect(textArea()).toHaveAttribute('readonly');
    expect(textArea()).toHaveAccessibleDescription('Sending when the upload finishes…');
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(cancelButton()).toBeVisible();

    await answer(requests[0], 201, storedPdf());

    expect(onSend).toHaveBeenCalledExactlyOnceWith('What does page 2 say?', [storedPdf()]);
    expect(status()).toBeEmptyDOMElement();
    expect(cancelButton()).not.toBeInTheDocument();
    expect(textArea()).toHaveValue('');
    expect(textArea()).not.toHaveAttribute('readonly');
  });

  it('waits for every file of the message, pressed with the button as with the key, and sends them in order', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, photo(), pdf());

    fireEvent.click(sendButton());

    expect(status()).toHaveTextContent('Sending when the uploads finish…');
    await answer(requests[1], 201, storedPdf());
    expect(onSend).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent('Sending when the upload finishes…');
    await answer(requests[0], 201, storedPhoto());
    expect(onSend).toHaveBeenCalledExactlyOnceWith('', [storedPhoto(), storedPdf()]);
  });

  it('waits for a pasted file as for a chosen one', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { onSend } = renderSut();
    paste(fileOf('image.png', 'image/png'));
    type('Is this mould?');

    pressEnter();

    expect(status()).toHaveTextContent('Sending when the upload finishes…');
    const screenshot = storedPhoto({ id: 'att-png', name: 'image.png', mediaType: 'image/png' });
    await answer(requests[0], 201, screenshot);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Is this mould?', [screenshot]);
  });

  it('Cancel gives the draft back as it was: nothing sent then or when the file is in, the text editable', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    type('What does page 2 say?');
    pressEnter();

    fireEvent.click(cancelButton()!);

    expect(status()).toBeEmptyDOMElement();
    expect(textArea()).toHaveValue('What does page 2 say?');
    expect(textArea()).not.toHaveAttribute('readonly');
    expect(textArea()).toHaveFocus();
    expect(sendButton()).not.toHaveAttribute('aria-disabled');
    await answer(requests[0], 201, storedPdf());
    expect(onSend).not.toHaveBeenCalled();
    expect(chipNames()).toEqual(['inspection-report.pdf']);
  });

  it('Escape in the text area cancels as Cancel does', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    type('Summarise it');
    pressEnter();

    const escape = fireEvent.keyDown(textArea(), { key: 'Escape' });

    expect(escape).toBe(false);
    expect(cancelButton()).not.toBeInTheDocument();
    await answer(requests[0], 201, storedPdf());
    expect(onSend).not.toHaveBeenCalled();
  });

  it('a file that fails while the message waits: nothing sent, draft and chips kept, and why is read out until the file is removed', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    type('What does page 2 say?');
    pressEnter();

    await answer(requests[0], 422, failed);

    expect(onSend).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent('Not sent. inspection-report.pdf could not be uploaded.');
    expect(textArea()).toHaveValue('What does page 2 say?');
    expect(textArea()).not.toHaveAttribute('readonly');
    expect(textArea()).toHaveAccessibleDescription('Not sent. inspection-report.pdf could not be uploaded.');
    expect(chipNames()).toEqual(['inspection-report.pdf']);
    expect(sendButton()).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove inspection-report.pdf' }));

    expect(status()).toBeEmptyDOMElement();
    expect(sendButton()).toBeEnabled();
  });

  it('Enter with a file that could not be uploaded says why instead of doing nothing', async () => {
    const requests = stubXhr();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    await answer(requests[0], 422, failed);
    type('Here it is');

    pressEnter();

    expect(onSend).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent('Not sent. Remove the files that could not be uploaded to send.');
  });

  it('a file added or removed while the message waits takes it back to the draft, unsent', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, photo(), pdf());
    type('Both, please');
    pressEnter();

    fireEvent.click(screen.getByRole('button', { name: 'Remove crawlspace.jpg' }));

    expect(cancelButton()).not.toBeInTheDocument();
    await answer(requests[1], 201, storedPdf());
    expect(onSend).not.toHaveBeenCalled();

    choose(container, photo());
    pressEnter();
    expect(cancelButton()).toBeVisible();
    paste(fileOf('image.png', 'image/png'));
    expect(cancelButton()).not.toBeInTheDocument();
    expect(textArea()).toHaveValue('Both, please');
  });

  it('a message whose files are in while a reply still runs goes when the reply has ended', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    type('And the roof?');
    pressEnter();
    fireEvent.click(screen.getByRole('button', { name: 'Start a reply' }));

    await answer(requests[0], 201, storedPdf());
    expect(onSend).not.toHaveBeenCalled();
    expect(cancelButton()).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'End the reply' }));
    await act(() => Promise.resolve());
    expect(onSend).toHaveBeenCalledExactlyOnceWith('And the roof?', [storedPdf()]);
  });
});
