import { apiPath } from '@mb/contracts/api-paths';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import { NetworkError, request, toApiError } from '../api-client';

export type { ChatAttachment };

export type UploadOptions = {
  /** The agent whose `input.attachments` the server checks the file against. */
  agentType: string;
  /** Bytes of the request body sent so far, and of the whole body. */
  onProgress?: (sent: number, total: number) => void;
  /** Every byte is sent: the server is reading the file now (a photo turned and shrunk, a document's text). */
  onSent?: () => void;
  signal?: AbortSignal;
};

const abortReason = (signal: AbortSignal | undefined): Error =>
  signal?.reason instanceof Error ? signal.reason : new DOMException('The upload was stopped.', 'AbortError');

/**
 * Uploads one photo or document as `multipart/form-data` (one field, `file`). Over XMLHttpRequest, not
 * fetch: only XHR reports upload progress. Failures are the api client's: an error answer is an ApiError
 * (FILE_TOO_LARGE, UNSUPPORTED_FILE, ... with the server's sentence), no answer a NetworkError, an abort
 * an AbortError.
 */
export function uploadAttachment(file: File, { agentType, onProgress, onSent, signal }: UploadOptions) {
  return new Promise<ChatAttachment>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.open('POST', apiPath('attachments', undefined, { agentType }));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ChatAttachment);
        } catch {
          reject(new Error('The upload’s answer was not JSON.'));
        }
        return;
      }
      const headers = new Headers({ 'content-type': xhr.getResponseHeader('content-type') ?? 'text/plain' });
      const retryAfter = xhr.getResponseHeader('retry-after');
      if (retryAfter) headers.set('retry-after', retryAfter);
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers });
      void toApiError(response).then(reject);
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', abort);
      reject(new NetworkError(new Error('The upload got no answer.')));
    };
    xhr.onabort = () => reject(abortReason(signal));
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

/** Removes an upload not yet sent with a message (its chip was removed). */
export function deleteAttachment(id: string): Promise<void> {
  return request('DELETE', apiPath('attachment', { id }));
}

/** The stored file: the processed photo, or the document as a download. */
export const attachmentFileUrl = (id: string) => apiPath('attachment', { id });

/** A photo's WebP thumbnail, long side 320. */
export const attachmentThumbnailUrl = (id: string) => apiPath('attachmentThumbnail', { id });
