import { apiPath } from '@mb/contracts/api-paths';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { PublicAgent } from '@mb/contracts/types/wire/public-agent';

/** GET /api/agents answers PublicAgent[] (no persona); GET /api/agents/:id the whole AgentDefinition. */
export type { AgentDefinition, PublicAgent };

/** Query keys: the default query function GETs the first element. */
export const agentsKey = [apiPath('agents')] as const;
export const agentKey = (id: string) => [apiPath('agent', { id })] as const;
