import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { toTurnMessageDto } from '../../messages';
import type { ChatMessageEntity } from '../../sessions';
import { CHECKPOINT_INTERVAL_MS } from './reply-leases';
import { ReplyStore } from '../rows/reply.store';
import type { Detach, TurnWatcher } from './relay/turn-relay';

/**
 * Follows a reply that no relay can reach from here (written by another process, or left by one that
 * died and not yet declared interrupted) through its checkpoints: the stored text as a snapshot, what
 * each checkpoint adds as a token, and the row's ending as the final event.
 */
@Injectable()
export class CheckpointFollower implements BeforeApplicationShutdown {
  private readonly following = new Set<() => void>();

  constructor(private readonly replies: ReplyStore) {}

  /** Undefined when no reply is streaming in the session. */
  async follow(sessionId: string, watcher: TurnWatcher): Promise<Detach | undefined> {
    const row = await this.replies.findStreaming(sessionId);
    if (!row) return undefined;
    const leaving = new AbortController();
    const cut = () => {
      leaving.abort();
      watcher.lost();
    };
    this.following.add(cut);
    watcher.event({ type: 'snapshot', text: row.content, sources: row.sources ?? [] });
    void this.poll(row, watcher, leaving.signal)
      .catch(() => !leaving.signal.aborted && watcher.lost())
      .finally(() => this.following.delete(cut));
    return () => leaving.abort();
  }

  beforeApplicationShutdown(): void {
    for (const cut of this.following) cut();
  }

  private async poll(first: ChatMessageEntity, watcher: TurnWatcher, signal: AbortSignal): Promise<void> {
    let text = first.content;
    let sources = JSON.stringify(first.sources ?? []);
    for (;;) {
      await sleep(CHECKPOINT_INTERVAL_MS, undefined, { signal });
      const row = await this.replies.findMessage(first.id);
      if (signal.aborted) return;
      if (!row) return watcher.event({ type: 'stopped', message: null });
      if (JSON.stringify(row.sources ?? []) !== sources) {
        sources = JSON.stringify(row.sources ?? []);
        watcher.event({ type: 'sources', sources: row.sources ?? [] });
      }
      if (row.content.length > text.length && row.content.startsWith(text)) {
        watcher.event({ type: 'token', text: row.content.slice(text.length) });
        text = row.content;
      }
      if (!row.streaming) {
        const message = toTurnMessageDto(row);
        return watcher.event(row.incomplete ? { type: 'stopped', message } : { type: 'done', message });
      }
    }
  }
}
