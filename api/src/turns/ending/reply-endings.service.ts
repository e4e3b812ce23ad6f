import { Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { MessageTooLong, type PreparedReply } from '../../llm';
import { toTurnMessageDto } from '../../messages';
import { SessionSummaries } from '../../summaries';
import type { ActiveTurn } from '../live/active-turns';
import { ReplyLeases } from '../live/reply-leases';
import { ReplyStore, type ReplyEnding } from '../rows/reply.store';
import { failureEvent } from './failure-event';
import type { StoredTurn } from './stored-turn';

/** How a reply ends: saved as finished, kept cut short, removed when empty, or taken back with its message. */
@Injectable()
export class ReplyEndings {
  private readonly logger = new Logger('Turns');

  constructor(
    private readonly replies: ReplyStore,
    private readonly leases: ReplyLeases,
    private readonly summaries: SessionSummaries,
  ) {}

  /** The whole reply: saved, told, and the chat's summary refreshed when due. Throws when the reply was not saved. */
  async done(turn: ActiveTurn, stored: StoredTurn, ending: ReplyEnding, apiKey?: string): Promise<void> {
    const saved = await this.finish(turn, ending);
    if (!saved) throw AppError.notFound('Chat session');
    turn.emit({ type: 'done', message: toTurnMessageDto(saved) });
    const { session } = stored;
    this.summaries.refreshIfDue(
      turn.sessionId,
      { hasSummary: session.summary !== null, summaryThrough: session.summaryThrough, latestOrder: saved.order },
      apiKey,
    );
  }

  /** A reply that failed or was stopped; `used` is the call it was streamed from, if any. */
  async failed(turn: ActiveTurn, stored: StoredTurn, error: unknown, used: PreparedReply | undefined): Promise<void> {
    if (error instanceof MessageTooLong && !turn.text) await this.withdraw(turn, error, stored);
    else await this.end(turn, error, used);
  }

  /**
   * The model could not read the message after all (it reads less than we thought): nothing of it is kept. A new
   * version goes with the same rule: the version it replaced is the chosen one again, as if it had been refused at once.
   */
  private async withdraw(turn: ActiveTurn, error: MessageTooLong, stored: StoredTurn): Promise<void> {
    const ids = { replyId: turn.replyId, userMessageId: stored.userMessage.id, ownerId: this.leases.ownerId };
    try {
      if (stored.kind === 'version')
        await this.replies.withdrawVersion({ ...ids, replaced: stored.replacedVersion ?? null });
      else await this.replies.withdraw({ ...ids, sessionCreated: stored.kind === 'new-chat' });
    } catch (failure) {
      this.logger.error(`Taking back a turn failed: ${(failure as Error).message}`);
      return this.end(turn, error, undefined);
    }
    turn.emit({ type: 'error', code: error.code, message: error.message, partial: null, withdrawn: true });
  }

  private async end(turn: ActiveTurn, error: unknown, used: PreparedReply | undefined): Promise<void> {
    // A reply with no text at all is not kept, unless it called tools (what they did is worth keeping).
    const toolCalls = [...turn.toolCalls.values()];
    const partial =
      turn.text.trim() || toolCalls.length
        ? await this.finish(turn, { content: turn.text, incomplete: true, sources: used?.sources ?? [], toolCalls })
        : await this.discard(turn);
    turn.emit(failureEvent(error, partial ? toTurnMessageDto(partial) : null, this.logger));
  }

  /** Saving an ending must not throw: the session may have been deleted meanwhile. */
  private async finish(turn: ActiveTurn, ending: ReplyEnding) {
    return this.replies.finish(turn.replyId, this.leases.ownerId, ending).catch((error: Error) => {
      this.logger.error(`Saving the reply failed: ${error.message}`);
      return null;
    });
  }

  private async discard(turn: ActiveTurn): Promise<null> {
    await this.replies.discard(turn.replyId, this.leases.ownerId).catch((error: Error) => {
      this.logger.error(`Removing an empty reply failed: ${error.message}`);
    });
    return null;
  }
}
