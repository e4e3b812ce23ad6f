import { randomUUID } from 'node:crypto';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { personaPrompt } from '../../personas';
import { ChatSessionEntity, type NewSession, sessionTitle } from '../../sessions';

/** The chat a turn's first message begins: titled by the spec's rule, prompted with the agent file's persona. */
export function sessionOf(agent: AgentDefinition, firstMessage: string): NewSession {
  return {
    agentType: agent.id,
    title: sessionTitle(firstMessage, agent.conversation.session.titleMaxLength),
    systemPrompt: personaPrompt(agent.persona),
    summary: null,
  };
}

/** A session to be stored with the turn's first messages, owned by `owner` (ownerOf the viewer; null: no people). */
export function newSession(
  agent: AgentDefinition,
  firstMessage: string,
  now: Date,
  owner: string | null = null,
): ChatSessionEntity {
  const fields = {
    id: randomUUID(),
    persona: null,
    summaryThrough: null,
    ...sessionOf(agent, firstMessage),
    owner,
    shared: false,
    sharedBy: null,
    sharedAt: null,
  };
  return Object.assign(new ChatSessionEntity(), { ...fields, createdAt: now, updatedAt: now });
}
