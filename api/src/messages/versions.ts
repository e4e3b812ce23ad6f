// Versions of a chat's last exchange (Regenerate, Edit message): the rules and SQL that choosing one (VersionStore)
// and opening a new one (turns' ReplyOpeningStore) share, and how a refused version is told.
import { AppError } from '../common/app-error';
import type { MessageRole } from '../sessions';
import { replyInProgress, sessionMissing } from './message-refusals';

/** The chosen (not superseded) messages at the end of a chat, newest first. */
export const LIVE_TAIL = `SELECT * FROM chat_messages WHERE session_id = $1 AND NOT superseded AND NOT streaming ORDER BY "order" DESC LIMIT 2`;

/** How many versions the exchange from order $2 has (1 when it was never regenerated or edited). */
export const VERSION_COUNT = `SELECT COALESCE(MAX(version), 1)::int AS count FROM chat_messages WHERE session_id = $1 AND "order" >= $2`;

/**
 * The chat's last exchange, as chosen: its user message and the reply to it (when there is one). Null when
 * the chat does not end with a user message or a reply to one.
 */
export function lastExchange<T extends { role: MessageRole }>(newestFirst: T[]): { user: T; reply: T | null } | null {
  const [last, before] = newestFirst;
  if (last?.role === 'user') return { user: last, reply: null };
  if (last?.role === 'assistant' && before?.role === 'user') return { user: before, reply: last };
  return null;
}

/** A summary that covers a message no longer chosen is dropped, to be made again (nothing superseded leaks into memory). */
export const DROP_SUMMARY_FROM = `
  WITH old AS (SELECT summary_through FROM chat_sessions WHERE id = $1)
  UPDATE chat_sessions AS s
  SET summary = CASE WHEN s.summary_through >= $2 THEN NULL ELSE s.summary END,
      summary_through = CASE WHEN s.summary_through >= $2 THEN NULL ELSE s.summary_through END
  FROM old
  WHERE s.id = $1
  RETURNING COALESCE(old.summary_through >= $2, false) AS dropped`;

/** The versions of a chat's last exchange (its messages are those from order `from`). */
export interface ExchangeVersions {
  from: number;
  count: number;
}

/** Why a version is not chosen or not made, as the client is told. */
export const versionRefusals = {
  'session-missing': sessionMissing,
  'reply-in-progress': replyInProgress,
  'version-missing': () => AppError.notFound('That version of the last exchange'),
  'nothing-to-regenerate': () =>
    new AppError('CONFLICT', 'There is no reply to regenerate: the chat does not end with a reply to a message.'),
  'not-last-message': () =>
    new AppError('CONFLICT', 'Only the last message of a chat can be edited (and only while no reply is written).'),
  'message-missing': () => AppError.notFound('Message'),
  'configuration-message': () =>
    new AppError('CONFLICT', 'A configuration is applied as a new message; it cannot be regenerated or edited.'),
} as const;

export type VersionRefusal = keyof typeof versionRefusals;
