import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ChatAttachment } from '../../../lib/api/attachments';
import { stubXhr, type FakeXhr } from '../../../test/fake-xhr';
import { stubApi } from '../../../test/stub-api';
import { stubObjectUrls } from '../../../test/object-urls';
import { agentTakingUploads, storedPdf } from '../../../test/upload-agents';
import { useAttachmentUploads } from './attachments/use-attachment-uploads';
import { Composer } from './composer';
import type { DraftRefusal } from './use-draft-note';

const tooLong =
  'This message is too long for this assistant: it can read about 3,686 words (4,915 tokens) at a time. Shorten it or send it in parts.';
const note = `Not sent. ${tooLong}`;

/**
 * The composer as the chat page composes it: Send takes the draft and its files, and "Refuse" gives them
 * back with the reason in one go, as the conversation does when the server refuses the message.
 */
function ComposerGivenBack() {
  const agent = agentTakingUploads();
  const uploads = useAttachmentUploads(agent);
  const [draft, setDraft] = useState('');
  const [sent, setSent] = useState<{ text: string; files: ChatAttachment[] } | null>(null);
  const [refusal, setRefusal] = useState<DraftRefusal | null>(null);
  return (
    <>
      <Composer
        input={{ ...agent.input, hint: 'Press Enter to send, Shift+Enter for new line' }}
        draft={draft}
        onDraftChange={setDraft}
        onSend={(text) => {
          setSent({ text, files: uploads.ready });
          setDraft('');
          uploads.clear();
        }}
        onStop={() => undefined}
        busy={false}
        canStop={false}
        attachments={uploads}
        refusal={refusal}
      />
      <button
        type="button"
        onClick={() => {
          setDraft(sent?.text ?? '');
          uploads.restore(sent?.files ?? []);
          setRefusal({ reason: tooLong });
        }}
      >
        Refuse the message
      </button>
    </>
  );
}

/** The server answers an upload, and what follows in the page (the chip, a message waiting for it) is done. */
const answer = (request: FakeXhr, status: number, body: unknown) =>
  act(() => Promise.resolve(request.respond(status, body)));

const textArea = () => screen.getByRole('textbox', { name: 'Message' });
const type = (text: string) => fireEvent.change(textArea(), { target: { value: text } });
const refuse = () => fireEvent.click(screen.getByRole('button', { name: 'Refuse the message' }));
const shownNote = () => screen.queryByText(tooLong, { exact: false });

/** Sends a question with a stored PDF, then has it refused. */
async function sendAndRefuse(container: HTMLElement) {
  const requests = stubXhr();
  fireEvent.change(container.querySelector('input[type="file"]')!, {
    target: { files: [new File(['bytes'], 'inspection-report.pdf', { type: 'application/pdf' })] },
  });
  await answer(requests[0], 201, storedPdf());
  type('What do the notes say about the joists?');
  fireEvent.keyDown(textArea(), { key: 'Enter' });
  expect(textArea()).toHaveValue('');
  refuse();
  return requests;
}

describe('the reason a message was refused, beside its draft', () => {
  it('shows beside the draft given back, describes the text area, and is not read out a second time', async () => {
    stubObjectUrls();
    const { container } = render(<ComposerGivenBack />);

    await sendAndRefuse(container);

    expect(textArea()).toHaveValue('What do the notes say about the joists?');
    expect(screen.getByRole('listitem')).toHaveTextContent('inspection-report.pdf');
    expect(shownNote()).toHaveTextContent(note);
    expect(textArea()).toHaveAccessibleDescription(`${note} Press Enter to send, Shift+Enter for new line`);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('stays while the draft is left as it is, and goes for good once the user types', async () => {
    stubObjectUrls();
    const { container } = render(<ComposerGivenBack />);
    await sendAndRefuse(container);

    fireEvent.focus(textArea());
    fireEvent.keyDown(textArea(), { key: 'Shift' });
    expect(shownNote()).toBeInTheDocument();

    type('What do the notes say about the joists? Page 3 only.');
    expect(shownNote()).not.toBeInTheDocument();
    expect(textArea()).toHaveAccessibleDescription('Press Enter to send, Shift+Enter for new line');

    type('What do the notes say about the joists?');
    expect(shownNote()).not.toBeInTheDocument();
  });

  it('goes once a file is removed from the draft', async () => {
    stubObjectUrls();
    stubApi({ 'DELETE /api/chat/attachments/att-pdf': () => new Response(null, { status: 204 }) });
    const { container } = render(<ComposerGivenBack />);
    await sendAndRefuse(container);
    expect(shownNote()).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove inspection-report.pdf' }));

    expect(shownNote()).not.toBeInTheDocument();
  });

  it('goes once a file is added to the draft', async () => {
    stubObjectUrls();
    const { container } = render(<ComposerGivenBack />);
    await sendAndRefuse(container);
    expect(shownNote()).toBeInTheDocument();

    fireEvent.paste(textArea(), {
      clipboardData: { files: [new File(['png'], 'image.png', { type: 'image/png' })], items: [], types: ['Files'] },
    });

    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2));
    expect(shownNote()).not.toBeInTheDocument();
  });

  it('shows again for the next refusal, even in the same words', async () => {
    stubObjectUrls();
    const { container } = render(<ComposerGivenBack />);
    await sendAndRefuse(container);
    type('Shorter: the joists?');
    expect(shownNote()).not.toBeInTheDocument();

    fireEvent.keyDown(textArea(), { key: 'Enter' });
    refuse();

    expect(textArea()).toHaveValue('Shorter: the joists?');
    expect(shownNote()).toHaveTextContent(note);
  });
});
