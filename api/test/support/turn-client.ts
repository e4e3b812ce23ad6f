import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ChatTurnRequest } from '@mb/contracts/types/wire/chat-turn-request';
import { readEvents } from './sse-events';
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

/** Where a browser reaches the app: a test app, or a server process of its own (a replica). */
export type TurnHost = Pick<TestApp, 'url' | 'accessCookie'>;

/** A browser-like client of the streaming turn: reads server-sent events as they arrive. */
export async function openStream(
  sut: TurnHost,
  method: 'POST' | 'GET',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TurnStream> {
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

/** Reads a turn's stream up to its first token; resolves with the session it opened with. */
export async function readToFirstToken(events: AsyncGenerator<ChatTurnEvent>): Promise<ChatSession> {
  const first = (await events.next()).value;
  if (first?.type !== 'session') throw new Error('a turn stream opens with its session');
  for (let next = await events.next(); next.value?.type !== 'token'; next = await events.next()) {
    if (next.done) throw new Error('the stream ended before the first token');
  }
  return first.session;
}

export const sendTurn = (sut: TurnHost, request: ChatTurnRequest, headers?: Record<string, string>) =>
  openStream(sut, 'POST', '/api/chat/turns', request, headers);

export const replyText = (events: ChatTurnEvent[]) =>
  events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');

export function only<T extends ChatTurnEvent['type']>(
  events: ChatTurnEvent[],
  type: T,
): Extract<ChatTurnEvent, { type: T }> {
  const found = events.filter((event) => event.type === type);
  if (found.length !== 1)
    throw new Error(`expected one ${type} event, got ${found.length}: ${JSON.stringify(events.map((e) => e.type))}`);
  return found[0] as Extract<ChatTurnEvent, { type: T }>;
}
