import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { chatVisible, EVERY_CHAT, type ChatScope } from '../sessions';
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
/**
 * Messages searched first, newest first: a word they hold at least `limit` times (for the given agent too,
 * when there is one) is answered from them alone, and older messages are searched only otherwise.
 */
export const RECENT_MESSAGES = 2_000;
const HEADLINE = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
/** Marks the words of both languages' queries (ts_headline reads one configuration at a time). */
const mark = (text: string) => `ts_headline('german'::regconfig,
    ts_headline('english'::regconfig, translate(left(${text}, ${HIGHLIGHT_CHARS}), $4, ''), input.english, $5),
    input.german, $5)`;

/**
 * The search SQL (vectors and GIN indexes: migration 1764200000000). The query is websearch_to_tsquery,
 * which accepts any text (quotes, `-word`, `or`, stray symbols) without a syntax error.
 *
 * A common word is in thousands of messages, and ranking them all means reading every one (at 100k
 * messages, a word in one of nine took 30-40 ms on the embedded database). So the newest RECENT_MESSAGES
 * are read first, by the primary key; when they hold enough hits, those are ranked and older ones are not
 * read at all (the gate is a one-time filter: the older scan never starts). A rarer word reaches its older
 * messages through the index. Either way matches are ranked from their vectors alone (a reply being
 * written has none); the best `limit` of the given agent's chats and the best `limit` overall are joined
 * to their chats and texts, never every match. Chats are matched on their own vectors; the best `limit`
 * of both sides are highlighted, since ts_headline parses text and runs only for what is answered.
 */
/** Once people are configured, only chats the viewer may see ($6 its owner, $7 the agents hidden from it). */
const IN_SCOPE = `session_id IN (SELECT s.id FROM chat_sessions s WHERE ${chatVisible('s', '$6', '$7')})`;

const searchSql = (scoped: boolean) => `
  WITH input AS (
    SELECT websearch_to_tsquery('english'::regconfig, $1) AS english,
           websearch_to_tsquery('german'::regconfig, $1) AS german,
           websearch_to_tsquery('english'::regconfig, $1) || websearch_to_tsquery('german'::regconfig, $1) AS query
  ),
  recent AS MATERIALIZED (
    SELECT m.id, m.session_id, ts_rank(m.search_vector, input.query) AS rank
      FROM input, (
        SELECT id, session_id, search_vector, superseded FROM chat_messages ORDER BY id DESC LIMIT ${RECENT_MESSAGES}
      ) AS m
     WHERE m.search_vector @@ input.query AND NOT m.superseded${scoped ? ` AND m.${IN_SCOPE}` : ''}
  ),
  older AS (
    SELECT m.id, m.session_id, ts_rank(m.search_vector, input.query) AS rank
      FROM input, chat_messages m
     WHERE m.search_vector @@ input.query AND NOT m.superseded${scoped ? ` AND m.${IN_SCOPE}` : ''}
       -- "+ 0": the id range must not become a second index scan, the word's index alone finds these.
       AND m.id + 0 < (
         SELECT COALESCE(min(id), 0) FROM (SELECT id FROM chat_messages ORDER BY id DESC LIMIT ${RECENT_MESSAGES}) AS newest
       )
       AND ((SELECT count(*) FROM recent) < $3
            OR ($2::varchar IS NOT NULL AND (
              SELECT count(*) FROM recent WHERE session_id IN (SELECT id FROM chat_sessions WHERE agent_type = $2)
            ) < $3))
  ),
  matches AS (SELECT * FROM recent UNION ALL SELECT * FROM older),
  preferred AS (
    SELECT * FROM matches
     WHERE session_id IN (SELECT id FROM chat_sessions WHERE agent_type = $2)
     ORDER BY rank DESC, id DESC
     LIMIT $3
  ),
  anywhere AS (
    SELECT * FROM matches ORDER BY rank DESC, id DESC LIMIT $3
  ),
  message_hits AS (
    SELECT m.session_id, s.agent_type, s.title, m.id AS message_id, m."order" AS message_order, m.role,
           hit.rank, m.created_at, m.content AS text, NULL::text AS summary
      FROM (SELECT * FROM preferred UNION SELECT * FROM anywhere) AS hit
      JOIN chat_messages m ON m.id = hit.id
      JOIN chat_sessions s ON s.id = hit.session_id
  ),
  session_hits AS (
    SELECT s.id AS session_id, s.agent_type, s.title, NULL::bigint AS message_id, NULL::integer AS message_order,
           NULL::varchar AS role, ts_rank(s.search_vector, input.query) AS rank, s.updated_at AS created_at,
           s.title::text AS text, s.summary
      FROM input, chat_sessions s
     WHERE s.search_vector @@ input.query${scoped ? ` AND ${chatVisible('s', '$6', '$7')}` : ''}
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

const SEARCH_EVERY_CHAT = searchSql(false);
const SEARCH_IN_SCOPE = searchSql(true);

/** The SQL of searching chats; the rules (input, snippets) are ChatSearch's. */
@Injectable()
export class ChatSearchStore {
  constructor(private readonly db: DataSource) {}

  /** `scope.owner` null (no people configured): every chat, by the statement the search had before people. */
  search(
    query: string,
    options: { preferAgent: string | null; limit: number; scope?: ChatScope },
  ): Promise<SearchHitRow[]> {
    const parameters = [query, options.preferAgent, options.limit, MARK_START + MARK_END, HEADLINE];
    const { owner, hiddenAgents } = options.scope ?? EVERY_CHAT;
    return owner === null && !hiddenAgents.length
      ? this.db.query<SearchHitRow[]>(SEARCH_EVERY_CHAT, parameters)
      : this.db.query<SearchHitRow[]>(SEARCH_IN_SCOPE, [...parameters, owner, hiddenAgents]);
  }
}
