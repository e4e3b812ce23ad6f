import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { chatVisible, EVERY_CHAT, type ChatScope } from '../sessions';

/** Replies of one agent on one UTC day answered by one model (null: no model recorded). */
export interface UsageRow {
  date: string;
  agentType: string;
  model: string | null;
  promptTokens: number;
  completionTokens: number;
  replies: number;
}

interface RawRow {
  date: string;
  agent_type: string;
  model: string | null;
  prompt_tokens: string;
  completion_tokens: string;
  replies: string;
}

/** The SQL of usage: replies that recorded their tokens, summed in the database (index chat_messages_usage_by_day). */
@Injectable()
export class UsageStore {
  constructor(private readonly db: DataSource) {}

  /** Over the chats `scope` sees: every chat without people, by the statement usage had before them. */
  async sumByDayAgentAndModel(start: Date, end: Date, scope: ChatScope = EVERY_CHAT): Promise<UsageRow[]> {
    const scoped = scope.owner !== null || scope.hiddenAgents.length > 0;
    const rows: RawRow[] = await this.db.query(
      `SELECT to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
              s.agent_type,
              m.provenance->>'model' AS model,
              sum((m.usage->>'promptTokens')::bigint)::text AS prompt_tokens,
              sum((m.usage->>'completionTokens')::bigint)::text AS completion_tokens,
              count(*)::text AS replies
         FROM chat_messages m
         JOIN chat_sessions s ON s.id = m.session_id
        WHERE m.usage IS NOT NULL AND m.created_at >= $1 AND m.created_at < $2${scoped ? ` AND ${chatVisible('s', '$3', '$4')}` : ''}
        GROUP BY 1, 2, 3`,
      scoped ? [start, end, scope.owner, scope.hiddenAgents] : [start, end],
    );
    return rows.map((row) => ({
      date: row.date,
      agentType: row.agent_type,
      model: row.model,
      promptTokens: Number(row.prompt_tokens),
      completionTokens: Number(row.completion_tokens),
      replies: Number(row.replies),
    }));
  }
}
