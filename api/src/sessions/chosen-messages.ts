import type { DataSource } from 'typeorm';
import { ChatMessageEntity } from './chat-message.entity';

/**
 * A chat's messages as chosen, newest first: a reply still being written is not a message yet, and versions not
 * chosen are left out. Every reader of a chat's history (its pages, its summary) starts from this query.
 */
export const chosenMessagesNewestFirst = (db: DataSource, sessionId: string) =>
  db
    .getRepository(ChatMessageEntity)
    .createQueryBuilder('m')
    .where('m.session_id = :sessionId', { sessionId })
    .andWhere('NOT m.streaming')
    .andWhere('NOT m.superseded')
    .orderBy('m.order', 'DESC');
