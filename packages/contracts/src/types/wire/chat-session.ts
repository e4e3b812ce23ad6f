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
  /**
   * Present on a chat the OpenAI-compatible API (/v1) kept: the name of the key it came through.
   */
  apiKeyName?: string;
  sharing?: ChatSharing;
}
/**
 * Present once people are configured (PEOPLE_FILE): how the chat stands to the viewer. A chat is private to the person who started it until they share it with the circle; chats from before people are shared with everyone.
 */
export interface ChatSharing {
  /**
   * The viewer started this chat.
   */
  yours: boolean;
  /**
   * Everyone in the circle sees it: shared by its owner, or from before people were configured.
   */
  shared: boolean;
  /**
   * The first name of the person who shared it; null when it is private or from before people.
   */
  sharedBy: string | null;
  /**
   * When it was shared; null when it is not.
   */
  sharedAt: string | null;
  /**
   * The viewer may add to it, rename, pin or delete it: its owner, or any person for a chat from before people.
   */
  canChange: boolean;
  /**
   * The viewer may share it or stop sharing it (PATCH with `shared`): only the person who started it.
   */
  canShare: boolean;
}
