import { Injectable, Logger } from '@nestjs/common';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import { Clock } from '../../common/clock';
import { toTurnMessageDto } from '../../messages';
import { ChatMessageEntity } from '../../sessions';
import type { ActiveTurn } from '../live/active-turns';
import type { ReplyEnding } from '../rows/reply.store';
import { failureEvent } from './failure-event';
import type { StoredTurn } from './stored-turn';

/**
 * How a reply ends when its caller asked that nothing be kept (the API's store: false): told to its listeners as a
 * stored reply is, with the same message shape, and saved nowhere.
 */
@Injectable()
export class UnstoredEndings {
  private readonly logger = new Logger('Turns');

  constructor(private readonly clock: Clock) {}

  done(turn: ActiveTurn, opened: StoredTurn, ending: ReplyEnding): Promise<void> {
    turn.emit({ type: 'done', message: this.message(opened, ending) });
    return Promise.resolve();
  }

  failed(turn: ActiveTurn, opened: StoredTurn, error: unknown): Promise<void> {
    const toolCalls = [...turn.toolCalls.values()];
    const partial =
      turn.text.trim() || toolCalls.length
        ? this.message(opened, { content: turn.text, incomplete: true, sources: turn.sources, toolCalls })
        : null;
    turn.emit(failureEvent(error, partial, this.logger));
    return Promise.resolve();
  }

  private message(opened: StoredTurn, ending: ReplyEnding): ChatMessage {
    const reply = Object.assign(new ChatMessageEntity(), opened.reply, {
      content: ending.content,
      incomplete: ending.incomplete,
      sources: ending.sources.length ? ending.sources : null,
      toolCalls: ending.toolCalls?.length ? ending.toolCalls : null,
      usage: ending.usage ?? null,
      provenance: ending.provenance ?? null,
      streaming: false,
      createdAt: this.clock.now(),
    });
    return toTurnMessageDto(reply);
  }
}
