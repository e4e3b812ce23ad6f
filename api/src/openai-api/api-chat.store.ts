import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rowsOf } from '../common/sql-rows';
import type { ExternalMessage } from '../turns';

/** A chat the API keeps for a key: its session, marked with the key's name and owned as the key's creator. */
export interface NewApiChat {
  keyId: string;
  keyName: string;
  owner: string | null;
  agentType: string;
  title: string;
  systemPrompt: string;
  /** The conversation before the new message, stored as the chat's first messages. */
  earlier: ExternalMessage[];
  digest: Buffer;
  now: Date;
}

/** The SQL of the chats the API keeps: which key's chat a conversation continues, found by its messages' digest. */
@Injectable()
export class ApiChatStore {
  constructor(private readonly db: DataSource) {}

  /** The key's chats of the agent whose kept conversation had this digest, newest first. */
  async candidates(keyId: string, agentType: string, digest: Buffer): Promise<string[]> {
    const rows = await this.rows<{ session_id: string }>(
      `SELECT c.session_id FROM api_key_chats c JOIN chat_sessions s ON s.id = c.session_id
       WHERE c.key_id = $1 AND c.thread_digest = $2 AND s.agent_type = $3
       ORDER BY s.updated_at DESC, s.id DESC LIMIT 3`,
      [keyId, digest, agentType],
    );
    return rows.map((row) => row.session_id);
  }

  /** The chat's conversation as it stands (its chosen, finished messages), to be compared with the caller's. */
  async conversation(sessionId: string): Promise<ExternalMessage[]> {
    return this.rows<ExternalMessage>(
      `SELECT role, content FROM chat_messages
       WHERE session_id = $1 AND NOT superseded AND NOT streaming AND role IN ('user', 'assistant')
       ORDER BY "order"`,
      [sessionId],
    );
  }

  /** The session, the conversation so far and the key's link, in one transaction. */
  async create(chat: NewApiChat): Promise<string> {
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO chat_sessions (id, agent_type, title, system_prompt, owner, api_key_name, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [id, chat.agentType, chat.title, chat.systemPrompt, chat.owner, chat.keyName, chat.now],
      );
      if (chat.earlier.length)
        await tx.query(
          `INSERT INTO chat_messages (session_id, role, content, "order", created_at)
           SELECT $1, m.role, m.content, m.ord - 1, $4
           FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS m(role, content, ord)`,
          [id, chat.earlier.map((m) => m.role), chat.earlier.map((m) => m.content), chat.now],
        );
      await tx.query(`INSERT INTO api_key_chats (session_id, key_id, thread_digest) VALUES ($1, $2, $3)`, [
        id,
        chat.keyId,
        chat.digest,
      ]);
    });
    return id;
  }

  /** The chat's conversation now ends with a reply: the next call that continues it sends this digest. */
  async advance(sessionId: string, digest: Buffer): Promise<void> {
    await this.rows(`UPDATE api_key_chats SET thread_digest = $2 WHERE session_id = $1`, [sessionId, digest]);
  }

  /** A chat made for a call that was then refused: nothing of the call is kept. */
  async remove(sessionId: string): Promise<void> {
    await this.rows(`DELETE FROM chat_sessions WHERE id = $1`, [sessionId]);
  }

  private rows<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    return rowsOf<T>(this.db, this.db.manager, sql, parameters);
  }
}
