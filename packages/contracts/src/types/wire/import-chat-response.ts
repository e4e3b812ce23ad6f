/* eslint-disable */
/**
 * Generated from schemas/wire/import-chat-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ChatSharing } from './chat-session.js';

/**
 * How strictly this rule applies.
 */
export type GuidelinePriority = number | ('critical' | 'high' | 'medium' | 'low');
/**
 * How strictly the rule applies: an integer from 1 (highest) to 10 (lowest), or a level from "critical" (highest) to "low".
 *
 * This interface was referenced by `AgentConfig`'s JSON-Schema
 * via the `definition` "priority".
 */
export type GuidelinePriority1 = number | ('critical' | 'high' | 'medium' | 'low');

/**
 * Answer of POST /api/chat/import: the new chat, as wire/chat-session.schema.json describes it, and what the import left out of it.
 */
export interface ImportChatResponse {
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
  sharing?: ChatSharing;
  /**
   * One sentence for each thing of the document that was not imported, naming where it was ("messages.3.sources.0") and why: a source whose link is not a web address (http or https). Empty when everything was imported.
   */
  leftOut: string[];
}
/**
 * An agent's persona: who the model is, what it knows and how it answers. It is the `persona` of every agent definition, and it is also user input: in a reconfigurable agent a user may paste one JSON object of exactly this shape into the chat to replace the persona, so every string and list is capped.
 */
export interface AgentConfig {
  /**
   * Who the assistant is and whom it serves, in the second person ("You are ..."). Opens the system prompt.
   */
  role_description: string;
  /**
   * The areas of expertise the assistant covers, in the order the system prompt lists them.
   *
   * @maxItems 20
   */
  domains: AgentDomain[];
  /**
   * Rules for how the assistant answers, each with a priority.
   *
   * @maxItems 20
   */
  response_guidelines: AgentResponseGuideline[];
}
/**
 * One area of expertise.
 *
 * This interface was referenced by `AgentConfig`'s JSON-Schema
 * via the `definition` "domain".
 */
export interface AgentDomain {
  /**
   * Short name of the area, e.g. "Crawlspace encapsulation".
   */
  title: string;
  /**
   * What the assistant knows and does in this area.
   */
  description: string;
}
/**
 * One rule for how the assistant answers.
 *
 * This interface was referenced by `AgentConfig`'s JSON-Schema
 * via the `definition` "responseGuideline".
 */
export interface AgentResponseGuideline {
  priority: GuidelinePriority;
  /**
   * The rule itself, as an instruction to the model.
   */
  content: string;
}
