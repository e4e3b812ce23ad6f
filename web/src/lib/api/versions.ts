import type { ChatMessage } from '../../../../schemas/types/wire/chat-message';
import type { ChooseVersionRequest } from '../../../../schemas/types/wire/choose-version-request';
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
  return request('PUT', `/api/chat/sessions/${encodeURIComponent(sessionId)}/version`, {
    body: { version } satisfies ChooseVersionRequest,
    modelKey,
  });
}
