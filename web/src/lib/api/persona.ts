import { apiPath } from '@mb/contracts/api-paths';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { PersonaApplied } from '@mb/contracts/types/wire/persona-applied';
import type { PersonaChanges, TextPart } from '@mb/contracts/types/wire/persona-changes';
import type { PersonaHistoryEntry } from '@mb/contracts/types/wire/persona-history-entry';
import type { PersonaView } from '@mb/contracts/types/wire/persona-view';
import { request } from '../api-client';

export type { AgentConfig, PersonaApplied, PersonaChanges, PersonaHistoryEntry, PersonaView, TextPart };

/** GET by the default query function: the persona in force, the agent's own and the history. */
export const personaKey = (sessionId: string) => [apiPath('persona', { id: sessionId })] as const;
/** GET by the default query function: how the chat's persona differs from the agent's. */
export const personaChangesKey = (sessionId: string) => [apiPath('personaChanges', { id: sessionId })] as const;

export function applyPersona(sessionId: string, persona: AgentConfig): Promise<PersonaApplied> {
  return request('PUT', apiPath('persona', { id: sessionId }), { body: persona });
}

export function restorePersona(sessionId: string, historyId: string): Promise<PersonaApplied> {
  return request('POST', apiPath('restorePersona', { id: sessionId }), { body: { historyId } });
}

export function resetPersona(sessionId: string): Promise<PersonaApplied> {
  return request('POST', apiPath('resetPersona', { id: sessionId }));
}
