/**
 * Group commit: items submitted while a batch is running wait and leave together in the next one, so a
 * burst of N costs a few round trips instead of N, and a lone item waits only for the end of the current
 * event-loop turn (to gather the items submitted alongside it). One batch runs at a time; when it ends,
 * the items that waited leave before its own items get their results.
 */
export class GroupBatcher<Item, Result> {
  private queue: Array<{ item: Item; resolve(result: Result): void; reject(error: unknown): void }> = [];
  private running = false;
  private scheduled = false;

  /** `run` answers one result per item, in order; when it throws, every item of the batch fails with that error. */
  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 100,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled || !this.queue.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.next();
    });
  }

  private async next(): Promise<void> {
    if (this.running) return;
    const batch = this.queue.splice(0, this.maxBatch);
    if (!batch.length) return;
    this.running = true;
    let settle: () => void;
    try {
      const results = await this.run(batch.map((entry) => entry.item));
      settle = () => batch.forEach((entry, i) => entry.resolve(results[i]));
    } catch (error) {
      settle = () => batch.forEach((entry) => entry.reject(error));
    }
    this.running = false;
    // The items that waited leave first (a burst's turns each build a model request once opened): the next
    // round trip then overlaps that work instead of starting after all of it.
    void this.next();
    setImmediate(settle);
  }
}
