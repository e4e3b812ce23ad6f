import { apiPath } from '@mb/contracts/api-paths';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChooseVersionRequest } from '@mb/contracts/types/wire/choose-version-request';
import { request } from '../api-client';

/**
 * Chooses which version of the chat's last exchange is shown and seen by the model (kept across reloads);
 * answers that exchange's messages as now chosen.
 */
export function chooseVersion(
  sessionId: string,
  version: ChooseVersionRequest['version'],
  modelKey: string | null,
): Promise<ChatMessage[]> {
  return request('PUT', apiPath('version', { id: sessionId }), {
    body: { version } satisfies ChooseVersionRequest,
    modelKey,
  });
}
