import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ChatMessageEntity, type MessageRole } from '../sessions';
import { DROP_SUMMARY_FROM, type ExchangeVersions, LIVE_TAIL, lastExchange, VERSION_COUNT } from './versions';

export type ChooseVersionResult =
  | { ok: true; messages: ChatMessageEntity[]; versions: ExchangeVersions; summaryReset: boolean }
  | { ok: false; reason: 'session-missing' | 'reply-in-progress' | 'version-missing' };

/** A message row as raw SQL answers it (the columns this file reads). */
interface ChatMessageRow {
  id: string;
  role: MessageRole;
  content: string;
  order: number;
  version: number | null;
}

/** The SQL of reading and choosing the versions of a chat's last exchange; a new version is opened by a turn. */
@Injectable()
export class VersionStore {
  constructor(private readonly db: DataSource) {}

  /**
   * The versions of the chat's last exchange: from which order its messages are, and how many versions it
   * has (1 when it was never regenerated or edited). Null when the chat has no exchange.
   */
  async lastExchangeVersions(sessionId: string): Promise<ExchangeVersions | null> {
    const exchange = lastExchange(await this.db.query<ChatMessageRow[]>(LIVE_TAIL, [sessionId]));
    if (!exchange) return null;
    return {
      from: exchange.user.order,
      count: await this.versionCount(this.db.manager, sessionId, exchange.user.order),
    };
  }

  private async versionCount(manager: EntityManager, sessionId: string, from: number): Promise<number> {
    const [{ count }] = await manager.query<{ count: number }[]>(VERSION_COUNT, [sessionId, from]);
    return count;
  }

  /**
   * Makes one version of the last exchange the chosen one (what listings and the model see from now on),
   * in one transaction; a summary that covered the version left is dropped. Refused while a reply is written.
   */
  chooseVersion(sessionId: string, version: number): Promise<ChooseVersionResult> {
    return this.db.transaction(async (tx): Promise<ChooseVersionResult> => {
      const locked: unknown[] = await tx.query('SELECT id FROM chat_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      if (!locked.length) return { ok: false, reason: 'session-missing' };
      const streaming: unknown[] = await tx.query('SELECT id FROM chat_messages WHERE session_id = $1 AND streaming', [
        sessionId,
      ]);
      if (streaming.length) return { ok: false, reason: 'reply-in-progress' };
      const exchange = lastExchange(await tx.query<ChatMessageRow[]>(LIVE_TAIL, [sessionId]));
      if (!exchange) return { ok: false, reason: 'version-missing' };
      const from = exchange.user.order;
      const count = await this.versionCount(tx, sessionId, from);
      if (version > count) return { ok: false, reason: 'version-missing' };
      let summaryReset = false;
      if ((exchange.user.version ?? 1) !== version) {
        // Two statements: the chosen orders must be free before the other version takes them.
        await tx.query(
          `UPDATE chat_messages SET superseded = true WHERE session_id = $1 AND "order" >= $2 AND NOT superseded`,
          [sessionId, from],
        );
        await tx.query(
          `UPDATE chat_messages SET superseded = false WHERE session_id = $1 AND "order" >= $2 AND version = $3`,
          [sessionId, from, version],
        );
        // UPDATE … RETURNING: TypeORM gives its rows only as the structured result.
        const dropped = await tx.queryRunner!.query(DROP_SUMMARY_FROM, [sessionId, from], true);
        summaryReset = Boolean((dropped.records as { dropped: boolean }[])[0]?.dropped);
      }
      const messages = await tx
        .getRepository(ChatMessageEntity)
        .createQueryBuilder('m')
        .where('m.session_id = :sessionId', { sessionId })
        .andWhere('NOT m.superseded')
        .andWhere('m.order >= :from', { from })
        .orderBy('m.order', 'ASC')
        .getMany();
      return { ok: true, messages, versions: { from, count }, summaryReset };
    });
  }
}
