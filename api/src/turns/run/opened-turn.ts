import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { Viewer } from '../../access';
import type { ModelSettings, ResponseFormat } from '../../llm';
import type { ChatMessageEntity } from '../../sessions';
import type { StoredTurn } from '../ending/stored-turn';

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

/** What a program asking for a turn (the OpenAI-compatible API) adds to the agent's model: its own instructions, read after the persona, and its settings. */
export interface TurnTuning {
  instructions?: string;
  temperature?: number;
  maxTokens?: number;
  responseFormat?: ResponseFormat;
}

/** No one watches the reply to allow a tool call that waits for confirmation: it runs at once, or is denied and the model told. */
export interface Unattended {
  runsConfirmTools: boolean;
}

/** A turn whose rows are stored (the user's message, the reply's streaming row leased to this process): what its reply runs on. */
export interface OpenedTurn extends StoredTurn {
  agent: AgentDefinition;
  model: TurnModel;
  /** The conversation, when it need not be read back (a new chat's is its first message). */
  conversation?: ChatMessageEntity[];
  /** Asked for by a program: no one can confirm a tool call. */
  unattended?: Unattended;
  /** Nothing of it is stored (the caller said so): its rows and session exist only in memory, and its ending saves nothing. */
  unstored?: true;
  /** Who the reply is for: whose memory it reads and keeps. Absent: the chat's owner's. */
  viewer?: Viewer;
}
