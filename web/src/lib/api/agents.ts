import type { AgentDefinition } from '../../../../schemas/types/agent';
import type { PublicAgent } from '../../../../schemas/types/wire/public-agent';

/** GET /api/agents answers PublicAgent[] (no persona); GET /api/agents/:id the whole AgentDefinition. */
export type { AgentDefinition, PublicAgent };

/** Query keys: the default query function GETs the first element. */
export const agentsKey = ['/api/agents'] as const;
export const agentKey = (id: string) => [`/api/agents/${encodeURIComponent(id)}`] as const;
