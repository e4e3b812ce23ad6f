import type {
  ChatMessage,
  MessageProvenance,
  MessageSource,
  MessageUsage,
} from '../../../../schemas/types/wire/chat-message';
import type { ChatSession } from '../../../../schemas/types/wire/chat-session';
import type { CreateChatSessionRequest } from '../../../../schemas/types/wire/create-chat-session-request';
import { request } from '../api-client';

export type { ChatMessage, ChatSession, MessageProvenance, MessageSource, MessageUsage };

const base = '/api/chat/sessions';
const sessionPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const sessionsKey = (agentId: string) => [`${base}?agentType=${encodeURIComponent(agentId)}`] as const;
export const messagesKey = (sessionId: string) => [`${sessionPath(sessionId)}/messages`] as const;

export function createSession(body: CreateChatSessionRequest): Promise<ChatSession> {
  return request('POST', base, { body });
}

export function deleteSession(id: string): Promise<void> {
  return request('DELETE', sessionPath(id));
}

export function summarizeSession(id: string, modelKey: string | null): Promise<ChatSession> {
  return request('POST', `${sessionPath(id)}/summarize`, { modelKey });
}

export function getMessages(id: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return request('GET', `${sessionPath(id)}/messages`, { signal });
}
