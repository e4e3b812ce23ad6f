import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import type { MessageSource } from '@mb/contracts/types/wire/chat-message';
import {
  ChatMessageEntity,
  ChatSessionEntity,
  chosenMessagesNewestFirst,
  MAX_MESSAGE_ORDER,
  type MessageRole,
} from '../sessions';

export interface NewMessage {
  role: MessageRole;
  content: string;
  order?: number;
  incomplete?: boolean;
  sources?: MessageSource[] | null;
}

export type AppendResult =
  | { ok: true; message: ChatMessageEntity }
  | { ok: false; reason: 'session-missing' | 'order-taken' | 'orders-exhausted' };

/**
 * The SQL of a chat's messages: storing one, and reading them as chosen (a reply still being written and
 * versions not chosen are left out). Lists use keyset queries on indexes, so they stay flat as history grows.
 */
@Injectable()
export class MessageStore {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Locks the session row so concurrent appends take consecutive orders without retries. */
  appendMessage(sessionId: string, input: NewMessage, now = this.clock.now()): Promise<AppendResult> {
    return this.db.transaction(async (tx): Promise<AppendResult> => {
      const locked: unknown[] = await tx.query('SELECT id FROM chat_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      if (!locked.length) return { ok: false, reason: 'session-missing' };
      const messages = tx.getRepository(ChatMessageEntity);
      let order = input.order;
      if (order === undefined) {
        const [{ next }] = await tx.query<{ next: number }[]>(
          'SELECT COALESCE(MAX("order") + 1, 0)::int AS next FROM chat_messages WHERE session_id = $1',
          [sessionId],
        );
        order = next;
        if (order > MAX_MESSAGE_ORDER) return { ok: false, reason: 'orders-exhausted' };
      } else if (await messages.existsBy({ sessionId, order })) {
        return { ok: false, reason: 'order-taken' };
      }
      const message = messages.create({
        sessionId,
        role: input.role,
        content: input.content,
        order,
        incomplete: input.incomplete ?? false,
        sources: input.sources?.length ? input.sources : null,
        createdAt: now,
        streaming: false,
        ownerId: null,
        heartbeatAt: null,
      });
      await messages.insert(message);
      await tx.getRepository(ChatSessionEntity).update({ id: sessionId }, { updatedAt: now });
      return { ok: true, message };
    });
  }

  /**
   * The last `limit` messages before `beforeOrder`, returned in ascending order. A reply still being written
   * is not a message yet: it is left out (its live text is what re-attaching to the turn shows).
   */
  async listMessages(
    sessionId: string,
    options: { limit: number; beforeOrder?: number },
  ): Promise<{ items: ChatMessageEntity[]; more: boolean }> {
    const query = chosenMessagesNewestFirst(this.db, sessionId).limit(options.limit + 1);
    if (options.beforeOrder !== undefined) query.andWhere('m.order < :before', { before: options.beforeOrder });
    const rows = await query.getMany();
    return { items: rows.slice(0, options.limit).reverse(), more: rows.length > options.limit };
  }

  /** Every message of a session in order, a reply still being written and versions not chosen left out (an export). */
  allMessages(sessionId: string): Promise<ChatMessageEntity[]> {
    return this.db
      .getRepository(ChatMessageEntity)
      .createQueryBuilder('m')
      .where('m.session_id = :sessionId', { sessionId })
      .andWhere('NOT m.streaming')
      .andWhere('NOT m.superseded')
      .orderBy('m.order', 'ASC')
      .getMany();
  }
}
