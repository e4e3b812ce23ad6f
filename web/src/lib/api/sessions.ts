import { apiPath } from '@mb/contracts/api-paths';
import type {
  ChatMessage,
  MessageProvenance,
  MessageSource,
  MessageUsage,
} from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { CreateChatSessionRequest } from '@mb/contracts/types/wire/create-chat-session-request';
import { request } from '../api-client';

export type { ChatMessage, ChatSession, MessageProvenance, MessageSource, MessageUsage };

export const sessionsKey = (agentId: string) => [apiPath('sessions', undefined, { agentType: agentId })] as const;
export const messagesKey = (sessionId: string) => [apiPath('messages', { id: sessionId })] as const;

export function createSession(body: CreateChatSessionRequest): Promise<ChatSession> {
  return request('POST', apiPath('sessions'), { body });
}

export function deleteSession(id: string): Promise<void> {
  return request('DELETE', apiPath('session', { id }));
}

export function summarizeSession(id: string, modelKey: string | null): Promise<ChatSession> {
  return request('POST', apiPath('summarize', { id }), { modelKey });
}

export function getMessages(id: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return request('GET', apiPath('messages', { id }), { signal });
}
