import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { ActiveTurn, ActiveTurns } from './active-turns';

const message = {
  id: '1',
  role: 'assistant' as const,
  content: 'ab',
  order: 1,
  incomplete: false,
  sources: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe(ActiveTurn.name, () => {
  it('replays every event to a late subscriber, then the live ones, and stops after the ending', () => {
    const sut = new ActiveTurn('s1', '1');
    const early: ChatTurnEvent[] = [];
    const late: ChatTurnEvent[] = [];
    sut.subscribe((e) => early.push(e));
    sut.emit({ type: 'token', text: 'a' });
    sut.subscribe((e) => late.push(e));
    sut.emit({ type: 'token', text: 'b' });
    sut.emit({ type: 'done', message });
    sut.emit({ type: 'token', text: 'ignored' });

    expect(early).toEqual(late);
    expect(late.map((e) => e.type)).toEqual(['token', 'token', 'done']);
    expect(sut.text).toBe('ab');
  });

  it('gives a re-attaching listener one snapshot of the text and sources so far', () => {
    const sut = new ActiveTurn('s1', '1');
    const sources = [{ title: 'T', link: 'https://t.example' }];
    sut.emit({ type: 'sources', sources });
    sut.emit({ type: 'token', text: 'Hel' });
    sut.emit({ type: 'token', text: 'lo' });
    const seen: ChatTurnEvent[] = [];
    sut.attach((e) => seen.push(e));
    sut.emit({ type: 'token', text: '!' });

    expect(seen).toEqual([
      { type: 'snapshot', text: 'Hello', sources },
      { type: 'token', text: '!' },
    ]);
  });

  it('stops delivering to a listener that left', () => {
    const sut = new ActiveTurn('s1', '1');
    const seen: ChatTurnEvent[] = [];
    const leave = sut.subscribe((e) => seen.push(e));
    leave();
    sut.emit({ type: 'token', text: 'a' });
    expect(seen).toEqual([]);
  });
});

describe(ActiveTurns.name, () => {
  it('holds a turn until its work settles', async () => {
    const sut = new ActiveTurns();
    const turn = new ActiveTurn('s1', '1');
    let finish!: () => void;
    sut.run(turn, () => new Promise<void>((resolve) => (finish = resolve)));
    expect(sut.get('s1')).toBe(turn);
    expect(sut.all()).toEqual([turn]);

    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sut.get('s1')).toBeUndefined();
    expect(sut.all()).toEqual([]);
  });

  it('lets the next turn of a session take over while the previous one settles, and keeps it when that one does', async () => {
    const sut = new ActiveTurns();
    const previous = new ActiveTurn('s1', '1');
    let settle!: () => void;
    sut.run(previous, () => new Promise<void>((resolve) => (settle = resolve)));
    const next = new ActiveTurn('s1', '3');
    sut.run(next, () => new Promise<void>(() => undefined));

    settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sut.get('s1')).toBe(next);
  });

  it('stops every turn at shutdown and waits for its work', async () => {
    const sut = new ActiveTurns();
    const turn = new ActiveTurn('s1', '1');
    let saved = false;
    sut.run(
      turn,
      () =>
        new Promise<void>((resolve) =>
          turn.signal.addEventListener('abort', () => setTimeout(() => ((saved = true), resolve()), 20)),
        ),
    );

    await sut.beforeApplicationShutdown();
    expect(turn.signal.aborted).toBe(true);
    expect(saved).toBe(true);
  });
});
