import { GroupBatcher } from './group-batcher';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batcher whose first batch waits for release(); every batch answers each item times ten. */
function firstBatchHeld() {
  const batches: number[][] = [];
  let release!: () => void;
  const firstHeld = new Promise<void>((resolve) => (release = resolve));
  const batcher = new GroupBatcher(async (items: number[]) => {
    batches.push(items);
    if (batches.length === 1) await firstHeld;
    return items.map((item) => item * 10);
  });
  return { batches, batcher, release };
}

describe('GroupBatcher', () => {
  it('sends what is submitted in one turn of the event loop together, and what arrives meanwhile in the next batch', async () => {
    const { batches, batcher, release } = firstBatchHeld();

    const first = [1, 2, 3].map((item) => batcher.submit(item));
    await nextTurn();
    const meanwhile = [4, 5].map((item) => batcher.submit(item));
    // A batch leaves one event-loop turn after its items (setImmediate): by then these would be gone if they did not wait.
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
    release();

    expect(await Promise.all([...first, ...meanwhile])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('fails only the items of a batch that throws, keeps at most maxBatch items per batch and goes on', async () => {
    const batches: string[][] = [];
    const batcher = new GroupBatcher((items: string[]) => {
      batches.push(items);
      if (items.includes('bad')) return Promise.reject(new Error('the statement failed'));
      return Promise.resolve(items.map((item) => item.toUpperCase()));
    }, 2);

    const outcomes = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.submit(item)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'the statement failed',
      'the statement failed',
      'C',
    ]);
    expect(batches).toEqual([['a', 'bad'], ['c']]);
    expect(await batcher.submit('d')).toBe('D');
  });

  it('sends the items that waited before the items of the batch that ended get their results', async () => {
    const { batches, batcher, release } = firstBatchHeld();

    const first = batcher.submit(1);
    await nextTurn();
    const waiting = batcher.submit(2);
    release();
    expect(await first).toBe(10);
    expect(batches).toEqual([[1], [2]]);
    expect(await waiting).toBe(20);
  });
});
