import { describe, expect, it, vi } from 'vitest';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import { stubXhr } from '../../test/fake-xhr';
import { ApiError, NetworkError } from '../api-client';
import { uploadAttachment as sut } from './attachments';

const stored: ChatAttachment = {
  id: 'att-1',
  kind: 'document',
  name: 'report.pdf',
  mediaType: 'application/pdf',
  size: 2048,
  pages: 3,
};

const pdf = () => new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' });

describe(sut.name, () => {
  it('posts the file as the form field "file" for the agent, reports progress, then answers the stored attachment', async () => {
    const requests = stubXhr();
    const onProgress = vi.fn();
    const onSent = vi.fn();

    const upload = sut(pdf(), { agentType: 'doc-reader', onProgress, onSent });
    const [xhr] = requests;
    xhr.progress(4, 8);
    xhr.finishSending();
    xhr.respond(201, stored);

    await expect(upload).resolves.toEqual(stored);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/chat/attachments?agentType=doc-reader');
    expect(xhr.requestHeaders.accept).toBe('application/json');
    expect(xhr.file.name).toBe('report.pdf');
    expect(onProgress).toHaveBeenCalledWith(4, 8);
    expect(onSent).toHaveBeenCalledOnce();
  });

  it('turns an error answer into an ApiError carrying the server’s code and sentence', async () => {
    const requests = stubXhr();
    const upload = sut(pdf(), { agentType: 'doc-reader' });

    requests[0].respond(422, {
      statusCode: 422,
      code: 'UNREADABLE_FILE',
      message: 'report.pdf is encrypted, so it cannot be read.',
    });

    const error = await upload.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'UNREADABLE_FILE' });
    expect((error as ApiError).body?.message).toBe('report.pdf is encrypted, so it cannot be read.');
  });

  it('fails with a NetworkError when no answer comes', async () => {
    const requests = stubXhr();
    const upload = sut(pdf(), { agentType: 'doc-reader' });

    requests[0].fail();

    await expect(upload).rejects.toBeInstanceOf(NetworkError);
  });

  it('stops the request when its signal aborts', async () => {
    const requests = stubXhr();
    const controller = new AbortController();
    const upload = sut(pdf(), { agentType: 'doc-reader', signal: controller.signal });

    controller.abort();

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0].aborted).toBe(true);
  });
});
