/* eslint-disable */
/**
 * Generated from schemas/wire/persona-history-entry.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * One persona applied to a chat: pasted into the composer, applied, restored or reset.
 */
export interface PersonaHistoryEntry {
  /**
   * Entry id (what POST /api/chat/sessions/{id}/persona/restore takes).
   */
  id: string;
  /**
   * When the persona was applied.
   */
  createdAt: string;
  /**
   * One line of what changed against the persona in force before, e.g. "2 guidelines added, role changed".
   */
  description: string;
  /**
   * The entry is the agent file's own persona (a reset).
   */
  isDefault: boolean;
}
