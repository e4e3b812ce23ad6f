import { apiPath } from '@mb/contracts/api-paths';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { ImportChatResponse } from '@mb/contracts/types/wire/import-chat-response';
import type { UpdateChatSessionRequest } from '@mb/contracts/types/wire/update-chat-session-request';
import { request, sendRequest } from '../api-client';

export type { ChatExport, ImportChatResponse };
export type ExportFormat = 'markdown' | 'json';

/** Renames (title) or pins and unpins (pinned) a chat; answers the chat as changed. */
export function updateSession(id: string, changes: UpdateChatSessionRequest): Promise<ChatSession> {
  return request('PATCH', apiPath('session', { id }), { body: changes });
}

export type ExportedFile = { blob: Blob; fileName: string };

/** The file name the server gave (Content-Disposition), else one of ours. */
function fileNameOf(response: Response, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `chat.${format === 'json' ? 'json' : 'md'}`;
}

/** A chat as a file: Markdown to read, JSON to import again. */
export async function exportSession(id: string, format: ExportFormat): Promise<ExportedFile> {
  const response = await sendRequest('GET', apiPath('exportChat', { id }, { format }), {
    headers: { Accept: format === 'json' ? 'application/json' : 'text/markdown' },
  });
  return { blob: await response.blob(), fileName: fileNameOf(response, format) };
}

/** Brings back a chat exported as JSON, as a new chat; says what it left out. */
export function importChat(document: unknown): Promise<ImportChatResponse> {
  return request('POST', apiPath('importChat'), { body: document });
}
