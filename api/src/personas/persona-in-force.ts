import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { ChatSessionEntity } from '../sessions';

/** A configuration pasted into the chat wins over the agent file's persona. */
export const personaOf = (agent: AgentDefinition, session?: ChatSessionEntity | null): AgentConfig =>
  session?.persona ?? agent.persona;
