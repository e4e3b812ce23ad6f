import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ModelSettings } from '../llm';
import type { ChatMessageEntity, ChatSessionEntity } from '../sessions';

/** A turn's first message begins a chat, goes on one, or is a new version of its last exchange. */
export type TurnKind = 'new-chat' | 'message' | 'version';

/**
 * The agent's model as one turn calls it, read once when the turn opens: whether the message fits is judged by it,
 * its files are read within its budget, and its reply is fitted to its window.
 */
export interface TurnModel {
  settings: ModelSettings;
  /** The persona in force, as the model reads it. */
  systemPrompt: string;
  /** The model's context window in tokens (a window a refusal taught is smaller than the stated one). */
  windowTokens: number;
  /** How many tokens one message may take in a call, beside the system prompt and the reply's room. */
  budgetTokens: number;
  seesImages: boolean;
}

/**
 * A turn whose rows are stored (the user's message, the reply's streaming row leased to this process): what its
 * reply runs on, from the opening down to its ending.
 */
export interface OpenedTurn {
  kind: TurnKind;
  agent: AgentDefinition;
  session: ChatSessionEntity;
  model: TurnModel;
  userMessage: ChatMessageEntity;
  /** The assistant's row, streaming and empty, leased to this process. */
  reply: ChatMessageEntity;
  /** The conversation, when it need not be read back (a new chat's is its first message). */
  conversation?: ChatMessageEntity[];
  /** A version: the number of the one it replaced as chosen (null: the exchange had no versions before). */
  replacedVersion?: number | null;
}
