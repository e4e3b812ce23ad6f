/* eslint-disable */
/**
 * Generated from schemas/wire/chat-session.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentConfig } from '../agent-config.js';

/**
 * A stored conversation with one agent.
 */
export interface ChatSession {
  /**
   * Session id.
   */
  id: string;
  /**
   * Title shown in the history panel.
   */
  title: string;
  /**
   * System prompt the session was started with, or null for the agent's persona.
   */
  systemPrompt: string | null;
  /**
   * Summary, or null when none was made.
   */
  summary: string | null;
  /**
   * Id of the agent the session belongs to.
   */
  agentType: string;
  /**
   * When the session was created.
   */
  createdAt: string;
  /**
   * When the session last changed (a message was added).
   */
  updatedAt: string;
  /**
   * A configuration pasted into this chat that replaces the agent's persona, or null for the agent's own.
   */
  persona: AgentConfig | null;
  /**
   * Pinned: GET /api/chat/sessions answers every pinned chat on its first page (no cursor), newest pinned first, ahead of that page's unpinned chats; later pages hold unpinned chats only, so paging never repeats or skips one.
   */
  pinned: boolean;
}
