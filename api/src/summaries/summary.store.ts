import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ChatMessageEntity, type ChatSessionEntity, chosenMessagesNewestFirst, SessionStore } from '../sessions';

/** The SQL of a chat's summary: the messages it is made from, and storing it unless a version change overtook it. */
@Injectable()
export class SummaryStore {
  constructor(
    private readonly db: DataSource,
    private readonly sessions: SessionStore,
  ) {}

  /**
   * The last `limit` messages after `afterOrder` (all when undefined), in ascending order; as listed, a reply still
   * being written and versions not chosen are left out.
   */
  async messagesAfter(
    sessionId: string,
    options: { limit: number; afterOrder?: number },
  ): Promise<ChatMessageEntity[]> {
    const query = chosenMessagesNewestFirst(this.db, sessionId).limit(options.limit);
    if (options.afterOrder !== undefined) query.andWhere('m.order > :after', { after: options.afterOrder });
    return (await query.getMany()).reverse();
  }

  /**
   * Stores a summary made from `madeFrom` (the messages read) on top of the summary through `since`, unless a
   * version change overtook it: one of those messages is no longer chosen, or the summary it built on was
   * dropped. 'stale' then (nothing is written); null when the session is gone. Otherwise the last writer wins,
   * as before versions (a background refresh and one asked for may overlap).
   */
  async saveSummary(
    sessionId: string,
    summary: string,
    through: number,
    madeFrom: string[],
    since: number | undefined,
  ): Promise<ChatSessionEntity | null | 'stale'> {
    const runner = this.db.createQueryRunner();
    let written: boolean;
    try {
      const result = await runner.query(
        `UPDATE chat_sessions SET summary = $2, summary_through = $3
         WHERE id = $1
           AND ($5::int IS NULL OR summary_through IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM chat_messages WHERE id = ANY($4::bigint[]) AND superseded)
         RETURNING id`,
        [sessionId, summary, through, madeFrom, since ?? null],
        true,
      );
      written = (result.records as unknown[]).length > 0;
    } finally {
      // Before the next query: the embedded database has one connection.
      await runner.release();
    }
    const session = await this.sessions.findSession(sessionId);
    return written ? session : session && 'stale';
  }
}
