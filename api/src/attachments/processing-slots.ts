import { availableParallelism } from 'node:os';

/**
 * At most `size` files are decoded at once; the others wait their turn on disk, not in memory. A 12 MP photo
 * decodes to about 48 MB of pixels: ten uploads at once must not become ten of those.
 */
export class ProcessingSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism()))) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
