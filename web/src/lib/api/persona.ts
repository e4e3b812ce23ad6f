import type { AgentConfig } from '../../../../schemas/types/agent-config';
import type { PersonaApplied } from '../../../../schemas/types/wire/persona-applied';
import type { PersonaChanges, TextPart } from '../../../../schemas/types/wire/persona-changes';
import type { PersonaHistoryEntry } from '../../../../schemas/types/wire/persona-history-entry';
import type { PersonaView } from '../../../../schemas/types/wire/persona-view';
import { request } from '../api-client';

export type { AgentConfig, PersonaApplied, PersonaChanges, PersonaHistoryEntry, PersonaView, TextPart };

const personaPath = (sessionId: string) => `/api/chat/sessions/${encodeURIComponent(sessionId)}/persona`;

/** GET by the default query function: the persona in force, the agent's own and the history. */
export const personaKey = (sessionId: string) => [personaPath(sessionId)] as const;
/** GET by the default query function: how the chat's persona differs from the agent's. */
export const personaChangesKey = (sessionId: string) => [`${personaPath(sessionId)}/changes`] as const;

export function applyPersona(sessionId: string, persona: AgentConfig): Promise<PersonaApplied> {
  return request('PUT', personaPath(sessionId), { body: persona });
}

export function restorePersona(sessionId: string, historyId: string): Promise<PersonaApplied> {
  return request('POST', `${personaPath(sessionId)}/restore`, { body: { historyId } });
}

export function resetPersona(sessionId: string): Promise<PersonaApplied> {
  return request('POST', `${personaPath(sessionId)}/reset`);
}
