/**
 * A fixed number of places for background work, granted in the order asked. A place given back goes straight
 * to the next in line, so a newcomer never slips in between and goes past the limit.
 */
export class RefreshSlots {
  private free: number;
  private closed = false;
  private readonly waiting: Array<(granted: boolean) => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  /** True with a place (give it back with release()); false when closed before one was free. */
  take(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.free++;
  }

  /** Turns away everyone waiting, and whoever asks later (shutdown). */
  close(): void {
    this.closed = true;
    for (const turnAway of this.waiting.splice(0)) turnAway(false);
  }
}
