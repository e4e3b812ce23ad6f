import { streamDirect, streamTurn } from './stream-clients';

/**
 * Child of boot.bench.ts: the clients of one burst in a process of their own, as separate browsers would be,
 * so the clients of our server and those of the relay, running side by side, never wait on each other's
 * event loop. Told where and how many over IPC; answers each stream's first-token time, or why it failed.
 */
type Burst =
  | { kind: 'turns'; base: string; cookie: string; count: number; name: string }
  | { kind: 'relay'; base: string; count: number };

process.once('message', (burst: Burst) => {
  const contents = Array.from({ length: burst.count }, (_, i) => `${burst.kind} ${i + 1}`);
  const streams =
    burst.kind === 'relay'
      ? contents.map((content) => streamDirect(burst.base, content))
      : contents.map(async (content) => {
          const turn = await streamTurn(burst.base, burst.cookie, `${burst.name} ${content}`);
          return turn.failure ?? (turn.tokenAt[0] ?? NaN) - turn.sentAt;
        });
  void Promise.all(streams).then((outcomes) => process.send!(outcomes, () => process.exit(0)));
});
