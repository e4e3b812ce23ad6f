/* eslint-disable */
/**
 * Generated from schemas/wire/agent-knowledge.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * GET /api/agents/:id/knowledge: the files the agent's `knowledge` names and how their reading went. While one is being read, a turn waits for it.
 */
export interface AgentKnowledgeStatus {
  /**
   * True while a file is being read (or waits to be).
   */
  indexing: boolean;
  /**
   * In the order the agent file names them (a folder's files by name).
   */
  files: KnowledgeFileState[];
}
export interface KnowledgeFileState {
  /**
   * Its path under the agents folder, e.g. "knowledge/doctor/labs.pdf".
   */
  file: string;
  /**
   * "indexing": being read or waiting to be; "ready": read; "failed": it cannot be read (see reason); "missing": the path names nothing that can be read (see reason).
   */
  status: 'indexing' | 'ready' | 'failed' | 'missing';
  /**
   * Why it was not read, in words a user can act on (failed and missing only).
   */
  reason?: string;
  /**
   * What it is: "PDF, 300 pages", "CSV table, 5,000 rows" (ready only).
   */
  description?: string;
  /**
   * How many passages it was read into (ready only).
   */
  passages?: number;
  /**
   * Its text's tokens (ready only).
   */
  tokens?: number;
}
