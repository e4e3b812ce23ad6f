import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type Dispatch } from 'react';
import { getMessages, sessionsKey } from '../../../lib/api/sessions';
import type { ConversationAction } from './conversation-state';
import { savedSession } from './saved-session';

/**
 * The session on screen, remembered across reloads: which one it is, showing its saved messages, and
 * refreshing the agent's list of sessions when one changes.
 */
export function useCurrentSession(agentId: string, greeting: string, dispatch: Dispatch<ConversationAction>) {
  const [sessionId, setSessionId] = useState<string | null>(() => savedSession.read(agentId));
  const queryClient = useQueryClient();

  const rememberSession = useCallback(
    (id: string | null) => {
      setSessionId(id);
      savedSession.write(agentId, id);
    },
    [agentId],
  );

  const refreshSessions = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionsKey(agentId) }),
    [queryClient, agentId],
  );

  /** Shows a session's saved messages and makes it the current session. */
  const loadMessages = useCallback(
    async (id: string) => {
      const messages = await getMessages(id);
      dispatch({ type: 'loaded', messages, greeting });
      rememberSession(id);
    },
    [dispatch, greeting, rememberSession],
  );

  return { sessionId, rememberSession, refreshSessions, loadMessages };
}

/** The current session's handles the other conversation hooks act through. */
export type CurrentSession = ReturnType<typeof useCurrentSession>;
