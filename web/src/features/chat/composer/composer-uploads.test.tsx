import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '../../../lib/api/attachments';
import { stubXhr } from '../../../test/fake-xhr';
import { stubObjectUrls } from '../../../test/object-urls';
import { stubApi } from '../../../test/stub-api';
import { agentTakingUploads, storedPdf, storedPhoto } from '../../../test/upload-agents';
import { useAttachmentUploads } from './attachments/use-attachment-uploads';
import { Composer } from './composer';

const MB = 1024 * 1024;

type Send = (text: string, attachments: ChatAttachment[]) => void;

/** The composer as the chat page composes it: the uploads hook, Send taking the stored files, a refusal giving them back. */
function ComposerWithUploads({ agent, onSend }: { agent: AgentDefinition; onSend: Send }) {
  const uploads = useAttachmentUploads(agent);
  const [draft, setDraft] = useState('');
  const [sent, setSent] = useState<ChatAttachment[]>([]);
  return (
    <>
      <Composer
        input={agent.input}
        draft={draft}
        onDraftChange={setDraft}
        onSend={(text) => {
          onSend(text, uploads.ready);
          setSent(uploads.ready);
          uploads.clear();
        }}
        onStop={() => undefined}
        busy={false}
        canStop={false}
        attachments={uploads}
      />
      <button type="button" onClick={() => uploads.restore(sent)}>
        Refuse the message
      </button>
    </>
  );
}

function renderSut(agent = agentTakingUploads()) {
  const onSend = vi.fn<Send>();
  const view = render(<ComposerWithUploads agent={agent} onSend={onSend} />);
  return { ...view, onSend };
}

const fileOf = (name: string, type: string, size: number) => {
  const file = new File(['bytes'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const photo = () => fileOf('crawlspace.jpg', 'image/jpeg', 2.4 * MB);
const pdf = () => fileOf('inspection-report.pdf', 'application/pdf', 1.5 * MB);

const picker = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (container: HTMLElement, ...files: File[]) => fireEvent.change(picker(container), { target: { files } });
const textArea = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const chips = () => screen.queryByRole('list', { name: 'Attached files' });
const chipOf = (name: string) =>
  within(chips()!)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name))!;
const refusals = () =>
  screen
    .getAllByRole('alert')
    .map((alert) => alert.textContent ?? '')
    .join(' ');

describe('Composer with uploads (attach "upload")', () => {
  it('offers several files of the agent’s kinds in the picker, without forcing the camera', () => {
    const { container } = renderSut();

    expect(picker(container)).toHaveAttribute('multiple');
    expect(picker(container).accept.split(',')).toEqual(expect.arrayContaining(['image/*', '.heic', '.pdf', '.docx']));
    expect(picker(container)).not.toHaveAttribute('capture');
  });

  it('shows a chip with the photo, its name and size, and the upload’s progress, then the server’s reading, then the stored file', async () => {
    const requests = stubXhr();
    const urls = stubObjectUrls();
    const { container } = renderSut();

    choose(container, photo());

    const chip = chipOf('crawlspace.jpg');
    expect(chip).toHaveTextContent('2.4 MB');
    expect(within(chip).getByTitle('crawlspace.jpg')).toHaveTextContent('crawlspace.jpg');
    expect(chip.querySelector('img')).toHaveAttribute('src', urls.made[0]);
    const bar = within(chip).getByRole('progressbar', { name: 'Uploading crawlspace.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(requests[0].url).toBe('/api/chat/attachments?agentType=takes-uploads');

    act(() => requests[0].progress(1.2 * MB, 2.4 * MB));
    expect(bar).toHaveAttribute('aria-valuenow', '50');

    act(() => requests[0].finishSending());
    const reading = within(chip).getByRole('progressbar', { name: 'Reading crawlspace.jpg' });
    expect(reading).not.toHaveAttribute('aria-valuenow');

    act(() => requests[0].respond(201, storedPhoto()));
    await waitFor(() => expect(within(chipOf('crawlspace.jpg')).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(chipOf('crawlspace.jpg').querySelector('img')).toHaveAttribute(
      'src',
      '/api/chat/attachments/att-photo/thumbnail',
    );
    expect(urls.revoked).toEqual(urls.made);
  });

  it('sends the files without any text', async () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    act(() => requests[0].respond(201, storedPdf()));
    await waitFor(() =>
      expect(within(chipOf('inspection-report.pdf')).queryByRole('progressbar')).not.toBeInTheDocument(),
    );

    fireEvent.click(sendButton());

    expect(onSend).toHaveBeenCalledExactlyOnceWith('', [storedPdf()]);
    expect(chips()).not.toBeInTheDocument();
  });

  it('deletes a stored file on the server when its chip is removed, and gives the focus back to the text area', async () => {
    const requests = stubXhr();
    const calls = stubApi({ 'DELETE /api/chat/attachments/att-pdf': () => new Response(null, { status: 204 }) });
    const { container } = renderSut();
    choose(container, pdf());
    act(() => requests[0].respond(201, storedPdf()));
    await waitFor(() => expect(sendButton()).toBeEnabled());

    fireEvent.click(screen.getByRole('button', { name: 'Remove inspection-report.pdf' }));

    expect(chips()).not.toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/chat/attachments/att-pdf', body: undefined }]);
    expect(textArea()).toHaveFocus();
  });

  it('stops a file still uploading when its chip is removed, with nothing to delete, and frees its preview', () => {
    const requests = stubXhr();
    const urls = stubObjectUrls();
    const calls = stubApi({});
    const { container } = renderSut();
    choose(container, photo(), pdf());

    fireEvent.click(screen.getByRole('button', { name: 'Remove crawlspace.jpg' }));

    expect(requests[0].aborted).toBe(true);
    expect(requests[1].aborted).toBe(false);
    expect(calls).toEqual([]);
    expect(urls.revoked).toEqual(urls.made);
    expect(screen.getByRole('button', { name: 'Remove inspection-report.pdf' })).toHaveFocus();
  });

  it('deletes a file removed while the server was reading it, once the server has answered', async () => {
    const requests = stubXhr();
    const calls = stubApi({ 'DELETE /api/chat/attachments/att-pdf': () => new Response(null, { status: 204 }) });
    const { container } = renderSut();
    choose(container, pdf());
    act(() => requests[0].finishSending());

    fireEvent.click(screen.getByRole('button', { name: 'Remove inspection-report.pdf' }));
    expect(requests[0].aborted).toBe(false);
    act(() => requests[0].respond(201, storedPdf()));

    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/chat/attachments/att-pdf']));
    expect(chips()).not.toBeInTheDocument();
  });

  it('refuses a file over the agent’s limit at once, without sending it', () => {
    const requests = stubXhr();
    const { container } = renderSut();

    choose(container, fileOf('scan.pdf', 'application/pdf', 32_715_571));

    expect(refusals()).toContain('scan.pdf is 31.2 MB; this assistant takes files up to 25 MB.');
    expect(requests).toEqual([]);
    expect(chips()).not.toBeInTheDocument();
  });

  it('takes no more files than the agent allows in one message, and says which were left out', () => {
    const requests = stubXhr();
    stubObjectUrls();
    const { container } = renderSut();

    choose(container, pdf(), fileOf('a.txt', 'text/plain', 10), fileOf('b.md', '', 10), fileOf('c.csv', '', 10));

    expect(requests).toHaveLength(3);
    expect(refusals()).toContain('This assistant takes up to 3 files per message, so c.csv was not added.');
  });

  it('shows the server’s sentence on a failed upload, holds Send until the chip is removed', async () => {
    const requests = stubXhr();
    const { container } = renderSut();
    choose(container, pdf());

    act(() =>
      requests[0].respond(422, {
        statusCode: 422,
        code: 'UNREADABLE_FILE',
        message: 'inspection-report.pdf is protected by a password, so it cannot be read.',
      }),
    );

    const alert = await within(chipOf('inspection-report.pdf')).findByRole('alert');
    expect(alert).toHaveTextContent('inspection-report.pdf is protected by a password, so it cannot be read.');
    expect(sendButton()).toHaveAccessibleDescription('Remove the files that could not be uploaded to send.');

    fireEvent.change(textArea(), { target: { value: 'Here it is' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove inspection-report.pdf' }));
    expect(sendButton()).toBeEnabled();
  });

  it('attaches a file pasted into the text area, and leaves a paste of text to the browser', () => {
    const requests = stubXhr();
    stubObjectUrls();
    renderSut();

    const text = { files: [], items: [{ kind: 'string', type: 'text/plain' }], types: ['text/plain'] };
    expect(fireEvent.paste(textArea(), { clipboardData: text })).toBe(true);
    expect(requests).toEqual([]);

    const screenshot = fileOf('image.png', 'image/png', 300_000);
    expect(fireEvent.paste(textArea(), { clipboardData: { files: [screenshot], items: [], types: ['Files'] } })).toBe(
      false,
    );
    expect(chipOf('image.png')).toBeInTheDocument();
    expect(requests[0].file.name).toBe('image.png');
  });

  it('gives back the files of a refused message as stored chips', async () => {
    const requests = stubXhr();
    const { container, onSend } = renderSut();
    choose(container, pdf());
    act(() => requests[0].respond(201, storedPdf()));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: 'Refuse the message' }));

    expect(chipOf('inspection-report.pdf')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  describe('when the agent takes photos but its model cannot see them', () => {
    const blind = agentTakingUploads({ vision: false });
    const note = "This assistant's model can't see images, so photos can't be attached here. Documents work.";

    it('says why once, and lists documents only in the picker', () => {
      const { container } = renderSut(blind);

      expect(screen.getAllByText(note)).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Attach a file' })).toHaveAccessibleDescription(note);
      expect(picker(container).accept).not.toMatch(/image|heic/);
      expect(picker(container).accept).toContain('.pdf');
    });

    it('refuses a pasted photo by its name and uploads nothing', () => {
      const requests = stubXhr();
      renderSut(blind);

      fireEvent.paste(textArea(), { clipboardData: { files: [photo()], items: [], types: ['Files'] } });

      expect(
        within(screen.getByRole('alert')).getByText(
          "crawlspace.jpg is a photo, and this assistant's model can't see images.",
        ),
      ).toBeInTheDocument();
      expect(requests).toEqual([]);
      expect(chips()).not.toBeInTheDocument();
    });
  });
});
