import type { AgentDefinition } from '../../../../schemas/types/agent';

/** What the public agent list tells a browser before access (no persona). */
export type PublicAgent = Pick<AgentDefinition, 'id' | 'routes' | 'display' | 'access'>;
export type { AgentDefinition };

/** Query keys: the default query function GETs the first element. */
export const agentsKey = ['/api/agents'] as const;
export const agentKey = (id: string) => [`/api/agents/${encodeURIComponent(id)}`] as const;
