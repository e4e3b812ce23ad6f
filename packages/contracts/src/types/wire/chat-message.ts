/* eslint-disable */
/**
 * Generated from schemas/wire/chat-message.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AttachmentKind } from '../agent.js';
import type { ChatAttachment } from './chat-attachment.js';

/**
 * "awaiting-confirmation": waits for the user's Allow or Deny; "denied": the user said no (the model was told); "cancelled": stopped with the reply.
 */
export type ToolCallStatus =
  'running' | 'awaiting-confirmation' | 'done' | 'error' | 'denied' | 'cancelled';

/**
 * A stored message of a session.
 */
export interface ChatMessage {
  /**
   * Message id.
   */
  id: string;
  /**
   * Who wrote it.
   */
  role: 'system' | 'user' | 'assistant';
  /**
   * The text (markdown for assistant messages).
   */
  content: string;
  /**
   * Photos and documents sent with a user message, in the order attached; absent when none.
   */
  attachments?: ChatAttachment[];
  /**
   * Position in the session, from 0, unique per session.
   */
  order: number;
  /**
   * When it was stored.
   */
  createdAt: string;
  /**
   * True for a reply cut short (the AI service failed mid-way or the user stopped it): the text is what arrived.
   */
  incomplete: boolean;
  /**
   * Web pages a search-backed reply drew on; empty otherwise.
   */
  sources: MessageSource[];
  /**
   * Tools the model called while writing this reply, in order (assistant replies only; absent when none).
   */
  toolCalls?: ToolCallRecord[];
  /**
   * Tokens the reply cost (assistant replies saved since usage was recorded; absent otherwise): as the AI service reported them, or counted by our tokenizer when it reported none.
   */
  usage?: MessageUsage;
  /**
   * What produced the reply (assistant replies saved since provenance was recorded; absent otherwise).
   */
  provenance?: MessageProvenance;
  /**
   * On the messages of the chat's last exchange when it has more than one version (Regenerate, Edit message): which version this is and how many there are. Absent otherwise.
   */
  versions?: MessageVersions;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "versions".
 */
export interface MessageVersions {
  /**
   * The version shown (and seen by the model), from 1.
   */
  chosen: number;
  /**
   * How many versions the exchange has.
   */
  count: number;
}
/**
 * One web page behind a search-backed reply.
 *
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "source".
 */
export interface MessageSource {
  /**
   * Page title.
   */
  title: string;
  /**
   * Page address: an absolute http:// or https:// URL, never another scheme (javascript:, data:...). The server stores no other, and the web app makes no other a link.
   */
  link: string;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "usage".
 */
export interface MessageUsage {
  /**
   * Tokens sent to the model (the persona, memory and the conversation it saw).
   */
  promptTokens: number;
  /**
   * Tokens of the reply.
   */
  completionTokens: number;
  /**
   * True when the AI service reported no usage and our tokenizer counted it.
   */
  estimated: boolean;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "provenance".
 */
export interface MessageProvenance {
  /**
   * The model that answered.
   */
  model: string;
  /**
   * The routing strategy that answered.
   */
  strategy: 'completions' | 'assistant' | 'search-first';
  /**
   * Strategies that failed before it, in order (empty when the first one answered).
   */
  fallbacks: ('completions' | 'assistant' | 'search-first')[];
  /**
   * Model calls retried (a failed attempt, or a context that was too long for the model).
   */
  retries: number;
  /**
   * The web search it drew on (search-backed replies only).
   */
  searchQuery?: string;
  /**
   * How many messages of the conversation the model saw.
   */
  contextMessages: number;
  /**
   * Older messages left out to fit the model's context window (represented by the chat's summary when there is one).
   */
  omittedMessages: number;
  /**
   * Short hash of the persona in force (the agent file's or the chat's pasted one).
   */
  personaHash: string;
  /**
   * The attachments of the conversation the model read for this reply, and how much of each (absent when none).
   */
  attachments?: AttachmentRead[];
  /**
   * The tool calls of the reply, in order (absent when none).
   */
  toolCalls?: ToolCallSummary[];
  /**
   * Why the reply was written without the agent's tools (the model or server does not take function calls, or a server is down).
   */
  toolsUnavailable?: string;
  /**
   * Why tool use ended before the model was done with it (the step bound, or a repeated identical call).
   */
  toolStepsEnded?: string;
  /**
   * What of the agent's knowledge files the model read for this reply (absent when the agent has none).
   */
  knowledge?: KnowledgeRead;
  memory?: MemoryRead;
}
export interface ToolCallSummary {
  tool: string;
  durationMs: number;
  ok: boolean;
}
/**
 * What the agent remembered for the person was given to the model with this reply (agents with memory only).
 */
export interface MemoryRead {
  /**
   * Facts given.
   */
  facts: number;
  /**
   * Facts kept; more than `facts` when the window left no room for all (the newest were given).
   */
  total: number;
  /**
   * Tokens they took (our count).
   */
  tokens: number;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "attachmentRead".
 */
export interface AttachmentRead {
  /**
   * The attachment's id.
   */
  id: string;
  /**
   * Its file name.
   */
  name: string;
  kind: AttachmentKind;
  /**
   * "the whole image", "the whole document", "pages 3-9 and 41 of 80", or "left out (no room)".
   */
  read: string;
  /**
   * Tokens it took in the model's context (our count).
   */
  tokens: number;
}
/**
 * One call of a tool by the model: what it asked, what came back (untrusted text, capped), how long it took.
 *
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "toolCall".
 */
export interface ToolCallRecord {
  /**
   * The call's id (the model's).
   */
  id: string;
  /**
   * The tool as the agent file names it: a built-in, or "mcp:<server>/<tool>".
   */
  tool: string;
  /**
   * The arguments the model gave, as JSON text.
   */
  arguments: string;
  status: ToolCallStatus;
  /**
   * What the tool answered, as text (capped: head and tail kept, a marker between). Absent until it answers.
   */
  result?: string;
  /**
   * Why the call failed or timed out (told to the model).
   */
  error?: string;
  /**
   * How long the tool took.
   */
  durationMs?: number;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "knowledgeRead".
 */
export interface KnowledgeRead {
  /**
   * "whole": every file the agent knows, in order (they fit its share of the window); "passages": the passages chosen for the question and the recent conversation.
   */
  read: 'whole' | 'passages';
  /**
   * Tokens the knowledge took in the model's context (our count).
   */
  tokens: number;
  /**
   * Every passage the model was given, in document order, with its relevance to the question (0: given with its neighbours or the whole, not matched).
   */
  passages: KnowledgePassage[];
  /**
   * The passages most relevant to the question, with the text the model was given: the sources shown under the reply.
   *
   * @maxItems 5
   */
  sources: KnowledgeSource[];
  /**
   * What the reader must know of what was read: a table given in part ("sales.csv: rows 1-400 of 5,000 read"), a file still being read or that could not be read.
   */
  notes: string[];
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "knowledgePassage".
 */
export interface KnowledgePassage {
  /**
   * The file's path under the agents folder, e.g. "knowledge/doctor/labs.pdf".
   */
  file: string;
  /**
   * Where in the file: "page 212", "section “Results”, lines 3-40", "rows 1-39".
   */
  where: string;
  /**
   * Relevance to the question by reciprocal rank fusion of the rankings (full text, trigrams, vectors); comparable within one reply only.
   */
  score: number;
  /**
   * Tokens it took, its label included.
   */
  tokens: number;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "knowledgeSource".
 */
export interface KnowledgeSource {
  /**
   * The file's path under the agents folder.
   */
  file: string;
  /**
   * Where in the file, as in `passages`.
   */
  where: string;
  /**
   * The page, for a PDF.
   */
  page?: number;
  /**
   * Its relevance, as in `passages`.
   */
  score: number;
  /**
   * The passage's text exactly as the model was given it.
   */
  text: string;
}
