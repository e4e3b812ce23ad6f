import { apiPath } from '@mb/contracts/api-paths';
import { request } from '../api-client';

/** DELETE /api/agents/:id/memory/:factId: forgets one fact. */
export function deleteMemoryFact(agentId: string, factId: string): Promise<void> {
  return request('DELETE', apiPath('agentMemoryFact', { id: agentId, factId }));
}
