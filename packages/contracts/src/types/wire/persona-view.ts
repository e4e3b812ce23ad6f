/* eslint-disable */
/**
 * Generated from schemas/wire/persona-view.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentConfig } from '../agent-config.js';
import type { PersonaHistoryEntry } from './persona-history-entry.js';

/**
 * Answer of GET /api/chat/sessions/{id}/persona: the persona a chat uses, the agent's own and what was applied before.
 */
export interface PersonaView {
  /**
   * The persona the chat's replies use now.
   */
  inForce: AgentConfig;
  /**
   * The persona of the agent file.
   */
  agentDefault: AgentConfig;
  /**
   * The chat uses the agent file's persona (nothing applied, or reset).
   */
  isDefault: boolean;
  /**
   * Every persona applied to the chat, newest first.
   */
  history: PersonaHistoryEntry[];
}
