import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AttachmentStore } from './attachment.store';

/** An upload never sent is kept this long (a draft left overnight still sends), then removed. */
export const UNSENT_KEPT_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Removes uploads nobody sent, once an hour, on every replica (the delete is idempotent). */
@Injectable()
export class AttachmentSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Attachments');
  private timer?: NodeJS.Timeout;

  constructor(private readonly store: AttachmentStore) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async sweep(): Promise<number> {
    try {
      const removed = await this.store.sweepUnsent(UNSENT_KEPT_MS);
      if (removed) this.logger.log(`Removed ${removed} upload(s) never sent`);
      return removed;
    } catch (error) {
      this.logger.warn(`Sweeping unsent uploads failed: ${(error as Error).message}`);
      return 0;
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
