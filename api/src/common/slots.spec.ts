import { Slots } from './slots';

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** Work that runs until the test ends it. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { work: () => done, end };
}

describe('Slots', () => {
  it('runs as many pieces of work as it has places, and the rest in the order they came', async () => {
    const slots = new Slots(2);
    const started: string[] = [];
    const pieces = ['a', 'b', 'c', 'd'].map((name) => {
      const piece = held();
      void slots.run(() => (started.push(name), piece.work()));
      return piece;
    });
    await settled();
    expect(started).toEqual(['a', 'b']);

    pieces[1].end();
    await settled();
    expect(started).toEqual(['a', 'b', 'c']);
    pieces[0].end();
    await settled();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts work that comes as a place is freed behind the work already waiting', async () => {
    const slots = new Slots(1);
    const first = held();
    const started: string[] = [];
    void slots.run(first.work);
    void slots.run(() => Promise.resolve(void started.push('waiting')));
    await settled();
    first.end();
    void slots.run(() => Promise.resolve(void started.push('newcomer')));
    await settled();
    expect(started).toEqual(['waiting', 'newcomer']);
  });

  it('never runs more at once than it has places, and runs everything', async () => {
    const slots = new Slots(3);
    let running = 0;
    let most = 0;
    const ticks = (count: number) =>
      Array.from({ length: count }).reduce<Promise<unknown>>((p) => p.then(settled), settled());
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ticks(i % 4).then(() =>
          slots.run(async () => {
            most = Math.max(most, ++running);
            await ticks((i * 7) % 5);
            running--;
          }),
        ),
      ),
    );
    expect(most).toBe(3);
    expect(running).toBe(0);
  });

  it('frees the place of work that failed, and passes its error on', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
  });
});
