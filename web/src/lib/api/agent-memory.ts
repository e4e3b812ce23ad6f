import { apiPath } from '@mb/contracts/api-paths';
import type { AgentMemoryList, MemoryFactSource, MemoryFactView } from '@mb/contracts/types/wire/agent-memory';

export type { AgentMemoryList, MemoryFactSource, MemoryFactView };

/** GET /api/agents/:id/memory by the default query function: the viewer's facts, oldest first, and the limits. */
export const agentMemoryKey = (agentId: string) => [apiPath('agentMemory', { id: agentId })] as const;
