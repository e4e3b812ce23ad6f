/* eslint-disable */
/**
 * Generated from schemas/wire/memory-export.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * What an agent remembers for the viewer, as GET /api/agents/:id/memory/export downloads it and POST /api/agents/:id/memory/import takes it back (into this agent or another with memory).
 */
export interface MemoryExport {
  format: 'mb-agent-memory';
  version: 1;
  /**
   * The agent it was exported from.
   */
  agent: string;
  exportedAt: string;
  /**
   * @maxItems 1000
   */
  facts: ExportedFact[];
}
export interface ExportedFact {
  text: string;
  createdAt: string;
  updatedAt: string;
}
