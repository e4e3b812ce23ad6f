import { apiPath } from '@mb/contracts/api-paths';
import type { AgentMemoryList } from '@mb/contracts/types/wire/agent-memory';
import type { UpdateMemoryFactRequest } from '@mb/contracts/types/wire/update-memory-fact-request';
import { request } from '../api-client';

/** PATCH /api/agents/:id/memory/:factId: the fact's new text; answers the list as it now stands. */
export function editMemoryFact(agentId: string, factId: string, text: string): Promise<AgentMemoryList> {
  const body: UpdateMemoryFactRequest = { text };
  return request('PATCH', apiPath('agentMemoryFact', { id: agentId, factId }), { body });
}
