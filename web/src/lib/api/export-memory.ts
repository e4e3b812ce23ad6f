import { apiPath } from '@mb/contracts/api-paths';
import type { MemoryExport } from '@mb/contracts/types/wire/memory-export';
import { request } from '../api-client';

export type { MemoryExport };

/** GET /api/agents/:id/memory/export: the viewer's facts as a file POST …/memory/import takes back. */
export function exportMemory(agentId: string): Promise<MemoryExport> {
  return request('GET', apiPath('agentMemoryExport', { id: agentId }));
}
