import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MARK_END, MARK_START } from './snippet';

export interface SearchHitRow {
  session_id: string;
  agent_type: string;
  title: string;
  message_id: string | null;
  message_order: number | null;
  role: 'user' | 'assistant' | null;
  rank: number;
  created_at: Date;
  /** The message, or for a chat hit its title, with its matched words marked. */
  marked_text: string;
  /** A chat hit's summary with its matched words marked; null for messages and chats without one. */
  marked_summary: string | null;
}

/** Marked text is parsed again in full; a longer message is searched whole but highlighted in its start. */
const HIGHLIGHT_CHARS = 20_000;
const HEADLINE = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
/** Marks the words of both languages' queries (ts_headline reads one configuration at a time). */
const mark = (text: string) => `ts_headline('german'::regconfig,
    ts_headline('english'::regconfig, translate(left(${text}, ${HIGHLIGHT_CHARS}), $4, ''), input.english, $5),
    input.german, $5)`;

/**
 * The search SQL (vectors and GIN indexes: migration 1764200000000). The query is websearch_to_tsquery,
 * which accepts any text (quotes, `-word`, `or`, stray symbols) without a syntax error. Each side takes its
 * best `limit` hits (the index finds them; only they are ranked further), then the best `limit` of both are
 * highlighted: ts_headline parses text, so it runs only for what is answered.
 */
const SEARCH = `
  WITH input AS (
    SELECT websearch_to_tsquery('english'::regconfig, $1) AS english,
           websearch_to_tsquery('german'::regconfig, $1) AS german,
           websearch_to_tsquery('english'::regconfig, $1) || websearch_to_tsquery('german'::regconfig, $1) AS query
  ),
  message_hits AS (
    SELECT m.session_id, s.agent_type, s.title, m.id AS message_id, m."order" AS message_order, m.role,
           ts_rank(m.search_vector, input.query) AS rank, m.created_at, m.content AS text, NULL::text AS summary
      FROM input, chat_messages m JOIN chat_sessions s ON s.id = m.session_id
     WHERE m.search_vector @@ input.query AND NOT m.streaming AND NOT m.superseded
     ORDER BY COALESCE(s.agent_type = $2, false) DESC, rank DESC, m.id DESC
     LIMIT $3
  ),
  session_hits AS (
    SELECT s.id AS session_id, s.agent_type, s.title, NULL::bigint AS message_id, NULL::integer AS message_order,
           NULL::varchar AS role, ts_rank(s.search_vector, input.query) AS rank, s.updated_at AS created_at,
           s.title::text AS text, s.summary
      FROM input, chat_sessions s
     WHERE s.search_vector @@ input.query
     ORDER BY COALESCE(s.agent_type = $2, false) DESC, rank DESC, s.id DESC
     LIMIT $3
  ),
  best AS (
    SELECT * FROM (SELECT * FROM message_hits UNION ALL SELECT * FROM session_hits) AS hits
     ORDER BY COALESCE(agent_type = $2, false) DESC, rank DESC, created_at DESC
     LIMIT $3
  )
  SELECT best.session_id, best.agent_type, best.title, best.message_id, best.message_order, best.role,
         best.rank, best.created_at, ${mark('best.text')} AS marked_text,
         CASE WHEN best.summary IS NULL THEN NULL ELSE ${mark('best.summary')} END AS marked_summary
    FROM best, input
   ORDER BY COALESCE(best.agent_type = $2, false) DESC, best.rank DESC, best.created_at DESC`;

/** The SQL of searching every chat; the rules (input, snippets) are ChatSearch's. */
@Injectable()
export class ChatSearchStore {
  constructor(private readonly db: DataSource) {}

  search(query: string, options: { preferAgent: string | null; limit: number }): Promise<SearchHitRow[]> {
    return this.db.query<SearchHitRow[]>(SEARCH, [
      query,
      options.preferAgent,
      options.limit,
      MARK_START + MARK_END,
      HEADLINE,
    ]);
  }
}
