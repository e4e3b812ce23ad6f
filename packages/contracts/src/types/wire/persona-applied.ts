/* eslint-disable */
/**
 * Generated from schemas/wire/persona-applied.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ChatMessage } from './chat-message.js';
import type { ChatSession } from './chat-session.js';
import type { PersonaHistoryEntry } from './persona-history-entry.js';

/**
 * Answer of applying, restoring or resetting a chat's persona: the chat as changed, its new history entry and the confirmation appended to the conversation.
 */
export interface PersonaApplied {
  session: ChatSession;
  entry: PersonaHistoryEntry;
  /**
   * The agent's confirmation (its reconfiguration greeting), saved as an assistant message.
   */
  message: ChatMessage;
}
