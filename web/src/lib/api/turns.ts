import { apiPath } from '@mb/contracts/api-paths';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ChatTurnRequest } from '@mb/contracts/types/wire/chat-turn-request';
import type { StopTurnResponse } from '@mb/contracts/types/wire/stop-turn-response';
import { request, sendRequest } from '../api-client';
import { readEventStream } from '../event-stream';

export type { ChatTurnEvent };

/** Starts a streamed reply; refusals (bad input, no key, a reply already running) throw an ApiError. */
export async function* startTurn(
  body: ChatTurnRequest,
  options: { modelKey: string | null; signal?: AbortSignal },
): AsyncGenerator<ChatTurnEvent> {
  const response = await sendRequest('POST', apiPath('turns'), {
    body,
    ...options,
    headers: { Accept: 'text/event-stream' },
  });
  yield* readEventStream<ChatTurnEvent>(response, options.signal);
}

/** Regenerate: asks the chat's last message again and streams the new reply (the old one is kept as a version). */
export async function* regenerateTurn(
  sessionId: string,
  options: { modelKey: string | null; signal?: AbortSignal },
): AsyncGenerator<ChatTurnEvent> {
  const response = await sendRequest('POST', apiPath('regenerate', { id: sessionId }), {
    ...options,
    headers: { Accept: 'text/event-stream' },
  });
  yield* readEventStream<ChatTurnEvent>(response, options.signal);
}

/** Re-attaches to a reply still being written for a session (after a reload); nothing when none runs. */
export async function* attachTurn(sessionId: string, signal?: AbortSignal): AsyncGenerator<ChatTurnEvent> {
  const response = await sendRequest('GET', apiPath('turn', { id: sessionId }), {
    signal,
    headers: { Accept: 'text/event-stream' },
  });
  if (response.status === 204) return;
  yield* readEventStream<ChatTurnEvent>(response, signal);
}

export function stopTurn(sessionId: string): Promise<StopTurnResponse> {
  return request('POST', apiPath('stopTurn', { id: sessionId }));
}
