import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { MessageSource } from '@mb/contracts/types/wire/chat-message';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ActiveTurn, ActiveTurns } from './active-turns';
import { ReplyStore, type Orphans } from '../rows/reply.store';

/** How often a reply's text reaches its row: a crash loses at most this much of it. */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * The leases on replies being written. Every second this process checkpoints each of its replies (the
 * text and sources so far, all in one statement) and so renews their leases, even when no text came.
 * At boot and every few seconds it marks interrupted the replies whose owner has been silent longer
 * than the lease, which frees their chats.
 */
@Injectable()
export class ReplyLeases implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** This process as the owner of the replies it writes: new at every boot. */
  readonly ownerId = randomUUID();
  private readonly logger = new Logger('Replies');
  private readonly saved = new WeakMap<ActiveTurn, { length: number; sources: MessageSource[] }>();
  private readonly lost = new WeakSet<ActiveTurn>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly replies: ReplyStore,
    private readonly active: ActiveTurns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The embedded database belongs to this process alone (DATA_DIR is locked), so every reply still
    // streaming in it was left by a previous run: no need to wait out its lease.
    await this.sweep(this.config.database.kind === 'embedded' ? { notOwnedBy: this.ownerId } : this.expired());
    this.every('Checkpointing replies', CHECKPOINT_INTERVAL_MS, () => this.checkpoint());
    this.every('Sweeping replies', this.config.replies.sweepMs, () => this.sweep(this.expired()));
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Writes what each reply of this process gained since its last checkpoint, and renews every lease. */
  async checkpoint(): Promise<void> {
    const turns = this.active
      .all()
      .filter((turn) => !turn.ended)
      .map((turn) => ({ turn, length: turn.text.length, sources: turn.sources }));
    if (!turns.length) return;
    const held = await this.replies.checkpoint(
      this.ownerId,
      turns.map(({ turn, length, sources }) => {
        const saved = this.saved.get(turn);
        return {
          id: turn.replyId,
          content: length !== (saved?.length ?? 0) ? turn.text.slice(0, length) : null,
          sources: sources.length && sources !== saved?.sources ? sources : null,
        };
      }),
    );
    for (const { turn, length, sources } of turns) {
      const lease = held.get(turn.replyId);
      if (lease) {
        this.saved.set(turn, { length, sources });
        if (lease.stopRequested) turn.stop();
      } else if (!turn.ended && !this.lost.has(turn)) {
        this.lost.add(turn);
        this.logger.warn(
          `Reply ${turn.replyId} is no longer this process's (its chat was deleted or it was interrupted)`,
        );
      }
    }
  }

  /** Marks interrupted (or removes, when empty) the replies whose writer is gone. */
  async sweep(orphans: Orphans): Promise<void> {
    const { interrupted, removed } = await this.replies.interruptOrphans(orphans);
    if (interrupted || removed) {
      this.logger.warn(`Replies whose writer stopped: ${interrupted} kept as interrupted, ${removed} empty removed`);
    }
  }

  private expired(): Orphans {
    return { silentForMs: this.config.replies.leaseMs };
  }

  /** Runs a task every intervalMs, never two at once; a failure is logged and the next tick tries again. */
  private every(what: string, intervalMs: number, task: () => Promise<void>): void {
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = task()
        .catch((error: Error) => this.logger.warn(`${what} failed: ${error.message}`))
        .finally(() => {
          if (running) this.inFlight.delete(running);
          running = undefined;
        });
      this.inFlight.add(running);
    }, intervalMs);
    this.timers.push(timer);
  }
}
