import { useCallback, useEffect, useEffectEvent, useState, type Dispatch } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { toast } from '../../../components/toast/toasts';
import { ApiError } from '../../../lib/api-client';
import { createSession, type ChatSession } from '../../../lib/api/sessions';
import { errorToastTitle } from '../errors/report-turn-failure';
import { chatTexts } from './chat-texts';
import type { ConversationAction } from './conversation-state';
import { savedSession } from './saved-session';
import type { CurrentSession } from './use-current-session';
import type { TurnStream } from './use-turn-stream';

type SessionOpeningDeps = {
  agent: AgentDefinition;
  greeting: string;
  dispatch: Dispatch<ConversationAction>;
  session: CurrentSession;
  stream: Pick<TurnStream, 'attach' | 'detach'>;
};

/**
 * Which session the conversation shows: the remembered one again after a reload, one chosen in the
 * history or a search, or a new chat; each picks up a reply still in progress there.
 */
export function useSessionOpening({ agent, greeting, dispatch, session, stream }: SessionOpeningDeps) {
  const { sessionId, rememberSession, refreshSessions, loadMessages } = session;
  const { attach, detach } = stream;
  const [restoring, setRestoring] = useState(sessionId !== null);

  /** Shows a session, then picks up a reply that may still be in progress there (e.g. after a reload). */
  const openSession = useCallback(
    async (id: string) => {
      await loadMessages(id);
      void attach(id);
    },
    [attach, loadMessages],
  );

  const restore = useEffectEvent((id: string, cancelled: () => boolean) => {
    openSession(id)
      .catch((error: unknown) => {
        if (cancelled()) return;
        rememberSession(null);
        dispatch({ type: 'reset', greeting });
        if (!(error instanceof ApiError && error.status === 404)) {
          toast({ title: errorToastTitle, description: chatTexts.loadFailed, variant: 'destructive' });
        }
      })
      .finally(() => !cancelled() && setRestoring(false));
  });

  // Come back to the remembered session after a reload, once per agent page.
  useEffect(() => {
    const id = savedSession.read(agent.id);
    if (!id) return;
    let cancelled = false;
    restore(id, () => cancelled);
    return () => {
      cancelled = true;
      detach();
    };
  }, [agent.id, detach]);

  const startFresh = useCallback(
    async (announce: boolean) => {
      detach();
      dispatch({ type: 'reset', greeting });
      rememberSession(null);
      if (agent.conversation.session.createOn !== 'new-chat-or-first-message') {
        if (announce) toast(chatTexts.newSession);
        return;
      }
      try {
        const session = await createSession({ title: chatTexts.newChatTitle, systemPrompt: null, agentType: agent.id });
        rememberSession(session.id);
        void refreshSessions();
        if (announce) toast(chatTexts.sessionCreated);
      } catch {
        toast({
          title: errorToastTitle,
          description: agent.errors.createSessionText ?? chatTexts.createFailed,
          variant: 'destructive',
        });
      }
    },
    [agent, detach, dispatch, greeting, refreshSessions, rememberSession],
  );

  const continueSession = useCallback(
    async (session: ChatSession) => {
      detach();
      try {
        await openSession(session.id);
        toast(chatTexts.sessionLoaded);
      } catch {
        toast({ title: errorToastTitle, description: chatTexts.loadFailed, variant: 'destructive' });
      }
    },
    [detach, openSession],
  );

  /** Shows a chat chosen elsewhere (a search result); resolves once its messages are on screen. */
  const showSession = useCallback(
    async (id: string) => {
      detach();
      try {
        await openSession(id);
      } catch {
        toast({ title: errorToastTitle, description: chatTexts.loadFailed, variant: 'destructive' });
      }
    },
    [detach, openSession],
  );

  const sessionDeleted = useCallback(
    (id: string) => {
      // Deleting the conversation on screen starts a new one (quietly: the deletion has its own toast).
      if (id === sessionId) void startFresh(false);
    },
    [sessionId, startFresh],
  );

  return {
    restoring,
    newChat: () => void startFresh(true),
    continueSession,
    showSession,
    sessionDeleted,
  };
}
