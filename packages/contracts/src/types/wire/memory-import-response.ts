/* eslint-disable */
/**
 * Generated from schemas/wire/memory-import-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/agents/:id/memory/import: how many facts were kept, already known, and left out (memory full or too long), with a sentence saying so.
 */
export interface MemoryImportResponse {
  imported: number;
  duplicates: number;
  refused: number;
  message: string;
}
