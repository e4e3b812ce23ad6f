import { apiPath } from '@mb/contracts/api-paths';
import { request } from '../api-client';

/** DELETE /api/agents/:id/memory: forgets every fact the agent keeps for the viewer. */
export function forgetMemory(agentId: string): Promise<void> {
  return request('DELETE', apiPath('agentMemory', { id: agentId }));
}
