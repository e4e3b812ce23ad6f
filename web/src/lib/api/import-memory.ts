import { apiPath } from '@mb/contracts/api-paths';
import type { MemoryImportResponse } from '@mb/contracts/types/wire/memory-import-response';
import { request } from '../api-client';

export type { MemoryImportResponse };

/** POST /api/agents/:id/memory/import: an export's facts back (the server checks the file's shape). */
export function importMemory(agentId: string, file: unknown): Promise<MemoryImportResponse> {
  return request('POST', apiPath('agentMemoryImport', { id: agentId }), { body: file });
}
