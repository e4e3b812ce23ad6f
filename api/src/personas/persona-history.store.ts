import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import { ChatSessionEntity } from '../sessions';

export interface PersonaHistoryRow {
  id: string;
  /** Null: the agent file's persona. */
  persona: AgentConfig | null;
  description: string;
  createdAt: Date;
}

export interface PersonaChange {
  persona: AgentConfig | null;
  systemPrompt: string;
  description: string;
}

interface HistorySqlRow {
  id: string;
  persona: AgentConfig | null;
  description: string;
  created_at: Date;
}

const toRow = (row: HistorySqlRow): PersonaHistoryRow => ({
  id: row.id,
  persona: row.persona,
  description: row.description,
  createdAt: new Date(row.created_at),
});

/** Older entries than this are kept but not listed: a history panel, not an audit log. */
export const MAX_LISTED_ENTRIES = 200;

/** The SQL of a chat's persona history (chat_persona_history). */
@Injectable()
export class PersonaHistoryStore {
  constructor(private readonly db: DataSource) {}

  /**
   * Puts a persona in force in the chat and records it, in one transaction. clock_timestamp() rather than
   * the request's time: entries made in the same millisecond still list in the order they were made.
   * Null when the session no longer exists.
   */
  apply(
    sessionId: string,
    change: PersonaChange,
  ): Promise<{ session: ChatSessionEntity; entry: PersonaHistoryRow } | null> {
    return this.db.transaction(async (tx) => {
      const sessions = tx.getRepository(ChatSessionEntity);
      const updated = await sessions.update(
        { id: sessionId },
        { persona: change.persona, systemPrompt: change.systemPrompt },
      );
      if (!updated.affected) return null;
      const [row] = await tx.query<HistorySqlRow[]>(
        `INSERT INTO chat_persona_history (id, session_id, persona, description, created_at)
         VALUES ($1, $2, $3::jsonb, $4, clock_timestamp())
         RETURNING id, persona, description, created_at`,
        [randomUUID(), sessionId, change.persona && JSON.stringify(change.persona), change.description],
      );
      const session = await sessions.findOneByOrFail({ id: sessionId });
      return { session, entry: toRow(row) };
    });
  }

  /** Newest first. */
  async list(sessionId: string): Promise<PersonaHistoryRow[]> {
    const rows = await this.db.query<HistorySqlRow[]>(
      `SELECT id, persona, description, created_at FROM chat_persona_history
       WHERE session_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [sessionId, MAX_LISTED_ENTRIES],
    );
    return rows.map(toRow);
  }

  async find(sessionId: string, id: string): Promise<PersonaHistoryRow | null> {
    const [row] = await this.db.query<HistorySqlRow[]>(
      `SELECT id, persona, description, created_at FROM chat_persona_history WHERE session_id = $1 AND id = $2`,
      [sessionId, id],
    );
    return row ? toRow(row) : null;
  }
}
