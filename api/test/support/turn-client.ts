import type { ChatTurnEvent } from '../../../schemas/types/wire/chat-turn-event';
import type { ChatTurnRequest } from '../../../schemas/types/wire/chat-turn-request';
import type { TestApp } from './test-app';

export interface TurnStream {
  status: number;
  /** The JSON body of a refused turn (status is not 200). */
  error?: { code: string; message: string; details?: string[] };
  /** Resolves with each event as it arrives; done when the stream ends. */
  events(): AsyncGenerator<ChatTurnEvent>;
  /** Every event until the stream ends. */
  all(): Promise<ChatTurnEvent[]>;
  /** Hang up, as a closed browser tab does. */
  disconnect(): void;
}

async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatTurnEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) yield JSON.parse(data) as ChatTurnEvent;
      }
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
}

/** A browser-like client of the streaming turn: reads server-sent events as they arrive. */
export async function openStream(sut: TestApp, method: 'POST' | 'GET', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TurnStream> {
  const controller = new AbortController();
  const res = await fetch(`${await sut.url()}${path}`, {
    method,
    headers: { cookie: await sut.accessCookie(), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: controller.signal,
  });
  const isStream = res.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  const error = !isStream && res.status !== 204 ? ((await res.json()) as TurnStream['error']) : undefined;
  const events = () => (isStream && res.body ? readEvents(res.body) : (async function* () {})());
  return {
    status: res.status,
    error,
    events,
    async all() {
      const all: ChatTurnEvent[] = [];
      for await (const event of events()) all.push(event);
      return all;
    },
    disconnect: () => controller.abort(),
  };
}

export const sendTurn = (sut: TestApp, request: ChatTurnRequest, headers?: Record<string, string>) =>
  openStream(sut, 'POST', '/api/chat/turns', request, headers);

export const replyText = (events: ChatTurnEvent[]) =>
  events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');

export function only<T extends ChatTurnEvent['type']>(events: ChatTurnEvent[], type: T): Extract<ChatTurnEvent, { type: T }> {
  const found = events.filter((event) => event.type === type);
  if (found.length !== 1) throw new Error(`expected one ${type} event, got ${found.length}: ${JSON.stringify(events.map((e) => e.type))}`);
  return found[0] as Extract<ChatTurnEvent, { type: T }>;
}
