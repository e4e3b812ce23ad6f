/* eslint-disable */
/**
 * Generated from schemas/wire/agent-memory.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Where the fact came from: a chat the viewer may open (its id and title), a chat they may not open or that was deleted (neither named), or an import.
 *
 * This interface was referenced by `AgentMemoryList`'s JSON-Schema
 * via the `definition` "source".
 */
export type MemoryFactSource =
  | {
      kind: 'chat';
      sessionId: string;
      title: string;
    }
  | {
      kind: 'hidden-chat' | 'deleted-chat' | 'import';
    };

/**
 * GET /api/agents/:id/memory: what the agent remembers for the viewer (their own facts; the circle's when no people are configured), oldest first, and its limits.
 */
export interface AgentMemoryList {
  facts: MemoryFactView[];
  /**
   * Facts kept at most.
   */
  maxFacts: number;
  /**
   * Characters one fact may have.
   */
  maxFactChars: number;
  /**
   * Whether the remember and forget tools run at once or wait for the user's Allow.
   */
  policy: 'auto' | 'confirm';
}
/**
 * This interface was referenced by `AgentMemoryList`'s JSON-Schema
 * via the `definition` "fact".
 */
export interface MemoryFactView {
  id: string;
  /**
   * The id the model knows the fact by (the first eight characters).
   */
  shortId?: string;
  text: string;
  createdAt: string;
  updatedAt: string;
  source: MemoryFactSource;
}
