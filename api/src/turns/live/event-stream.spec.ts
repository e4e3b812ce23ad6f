import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { EventWriter, TOKEN_WINDOW_MS } from './event-stream';

const token = (text: string): ChatTurnEvent => ({ type: 'token', text });

/** The events in each write, as the browser's reader splits them. */
const eventsOf = (chunk: string) =>
  chunk
    .split('\n\n')
    .filter(Boolean)
    .map((block) => (block.startsWith('data: ') ? (JSON.parse(block.slice(6)) as ChatTurnEvent) : block));

describe(EventWriter.name, () => {
  let writes: string[];
  let sut: EventWriter;

  beforeEach(() => {
    jest.useFakeTimers();
    writes = [];
    sut = new EventWriter((chunk) => writes.push(chunk));
  });
  afterEach(() => jest.useRealTimers());

  it("writes the reply's first text on the next turn of the event loop, with what came in the same turn", () => {
    sut.send(token('Hel'));
    sut.send(token('lo'));
    expect(writes).toEqual([]);

    jest.advanceTimersByTime(0);
    expect(writes.map(eventsOf)).toEqual([[token('Hello')]]);
  });

  it('then holds each token for the window, for the ones after it to leave in the same write', () => {
    sut.send(token('a'));
    jest.advanceTimersByTime(0);
    sut.send(token('b'));
    jest.advanceTimersByTime(10);
    sut.send(token('c'));

    jest.advanceTimersByTime(TOKEN_WINDOW_MS - 11);
    expect(writes).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(writes.map(eventsOf)).toEqual([[token('a')], [token('bc')]]);
  });

  it('holds a token after a pause too, so a burst that follows leaves together', () => {
    sut.send(token('a'));
    jest.advanceTimersByTime(1000);
    sut.send(token('b'));
    jest.advanceTimersByTime(5);
    sut.send(token('c'));
    jest.advanceTimersByTime(0);
    expect(writes).toHaveLength(1);

    jest.advanceTimersByTime(TOKEN_WINDOW_MS);
    expect(writes.map(eventsOf)).toEqual([[token('a')], [token('bc')]]);
  });

  it('never holds a token longer than the window', () => {
    const heldFor: number[] = [];
    const sentAt = new Map<string, number>();
    sut = new EventWriter((chunk) => {
      for (const event of eventsOf(chunk)) {
        if (typeof event === 'string' || event.type !== 'token') continue;
        for (const text of event.text.split('|').filter(Boolean)) heldFor.push(Date.now() - sentAt.get(text)!);
      }
    });
    for (let i = 0; i < 200; i++) {
      sentAt.set(`t${i}`, Date.now());
      sut.send(token(`t${i}|`));
      jest.advanceTimersByTime(i % 7);
    }
    jest.runAllTimers();

    expect(heldFor).toHaveLength(200);
    expect(Math.max(...heldFor)).toBeLessThanOrEqual(TOKEN_WINDOW_MS);
  });

  it('writes held text before any other event, in the same write, keeping the order', () => {
    sut.send(token('first'));
    jest.advanceTimersByTime(0);
    sut.send(token(' and'));
    sut.send(token(' last'));
    const done: ChatTurnEvent = { type: 'stopped', message: null };
    sut.send(done);

    expect(writes.map(eventsOf)).toEqual([[token('first')], [token(' and last'), done]]);
    jest.runAllTimers();
    expect(writes).toHaveLength(2);
  });

  it('writes a non-token event at once', () => {
    const sources: ChatTurnEvent = { type: 'sources', sources: [{ title: 'A page', link: 'https://example.com/' }] };
    sut.send(sources);
    expect(writes.map(eventsOf)).toEqual([[sources]]);
  });

  it('flush writes what is held and nothing when nothing is', () => {
    sut.flush();
    expect(writes).toEqual([]);
    sut.send(token('tail'));
    sut.flush(': keep-alive\n\n');
    expect(writes.map(eventsOf)).toEqual([[token('tail'), ': keep-alive']]);
  });

  it('drops what it holds once discarded', () => {
    sut.send(token('never seen'));
    sut.discard();
    jest.runAllTimers();
    expect(writes).toEqual([]);
  });
});
