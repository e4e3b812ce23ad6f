import { apiPath } from '@mb/contracts/api-paths';
import type { AgentKnowledgeStatus, KnowledgeFileState } from '@mb/contracts/types/wire/agent-knowledge';

export type { AgentKnowledgeStatus, KnowledgeFileState };

/** GET /api/agents/:id/knowledge by the default query function: each knowledge file and how its reading went. */
export const agentKnowledgeKey = (agentId: string) => [apiPath('agentKnowledge', { id: agentId })] as const;
