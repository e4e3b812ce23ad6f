import { useQuery } from '@tanstack/react-query';
import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';
import { sessionsKey, type ChatSession } from '../../../../lib/api/sessions';

/** Who may do what with the chat on screen, from the agent's list of chats (the history's own query). */
export function useSessionSharing(agentId: string, sessionId: string | null): ChatSharing | undefined {
  const sessions = useQuery<ChatSession[]>({ queryKey: sessionsKey(agentId), enabled: sessionId !== null });
  return sessionId === null ? undefined : sessions.data?.find((session) => session.id === sessionId)?.sharing;
}
