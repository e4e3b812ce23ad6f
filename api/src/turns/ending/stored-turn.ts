import type { ChatMessageEntity, ChatSessionEntity } from '../../sessions';

/** A turn's first message begins a chat, goes on one, or is a new version of its last exchange. */
export type TurnKind = 'new-chat' | 'message' | 'version';

/** What a turn stored as it opened, as its ending reads it: a turn taken back undoes just that. */
export interface StoredTurn {
  kind: TurnKind;
  session: ChatSessionEntity;
  userMessage: ChatMessageEntity;
  /** The assistant's row, streaming and empty, leased to this process. */
  reply: ChatMessageEntity;
  /** A version: the number of the one it replaced as chosen (null: the exchange had no versions before). */
  replacedVersion?: number | null;
}
