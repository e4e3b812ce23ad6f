import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { createSession, getMessages, sessionsKey, type ChatMessage, type ChatSession } from '../../../lib/api/sessions';
import { attachTurn, regenerateTurn, startTurn, stopTurn, type ChatTurnEvent } from '../../../lib/api/turns';
import { chooseVersion } from '../../../lib/api/versions';
import { useModelKey } from '../../../lib/model-key';
import { errorToastTitle, reportTurnFailure } from '../errors/report-turn-failure';
import { toTurnFailure } from '../errors/turn-failure';
import {
  conversationReducer,
  fromMessage,
  initialConversation,
  lastExchange,
  type ChatItem,
} from './conversation-state';
import { greetingOf } from './greeting';
import { savedSession } from './saved-session';

export const chatTexts = {
  sessionLoaded: { title: 'Session Loaded', description: 'The chat session was loaded.' },
  loadFailed: 'Failed to load the chat session. Please try again.',
  newSession: { title: 'New Session', description: 'Started a new chat session.' },
  sessionCreated: { title: 'Session Created', description: 'A new chat session was created.' },
  createFailed: 'Failed to create a new session. Please try again.',
  reconfigured: {
    title: 'Configuration Updated',
    description: 'The agent has been reconfigured with your JSON settings.',
  },
  newChatTitle: 'New Chat',
} as const;

const attachTo = (id: string) => (signal: AbortSignal) => attachTurn(id, signal);

type Follow = {
  /** Key of the optimistic user message this stream answers, when it was started here. */
  pendingKey?: string;
  draft?: string;
  /** A new version of the last exchange (Regenerate, Edit message): refused, the chat is shown as saved again. */
  revision?: boolean;
};

/**
 * One agent's conversation: what is shown, the current session (remembered across reloads), and the
 * turn in flight. Replies stream from the server, which saves everything; this only mirrors it.
 */
export function useConversation(agent: AgentDefinition) {
  const greeting = useMemo(() => greetingOf(agent.conversation), [agent.conversation]);
  const [state, dispatch] = useReducer(conversationReducer, greeting, initialConversation);
  const [sessionId, setSessionId] = useState<string | null>(() => savedSession.read(agent.id));
  const [restoring, setRestoring] = useState(sessionId !== null);
  const [draft, setDraft] = useState('');
  const [modelKey] = useModelKey();
  const queryClient = useQueryClient();
  const stream = useRef<AbortController | null>(null);

  const rememberSession = useCallback(
    (id: string | null) => {
      setSessionId(id);
      savedSession.write(agent.id, id);
    },
    [agent.id],
  );

  const refreshSessions = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionsKey(agent.id) }),
    [queryClient, agent.id],
  );

  const append = useCallback((item: ChatItem) => dispatch({ type: 'append', item }), []);

  /** Stops listening to the reply in flight (the server goes on and saves it). */
  const detach = useCallback(() => {
    stream.current?.abort();
    stream.current = null;
  }, []);

  /** Shows a session's saved messages and makes it the current session. */
  const loadMessages = useCallback(
    async (id: string) => {
      const messages = await getMessages(id);
      dispatch({ type: 'loaded', messages, greeting });
      rememberSession(id);
    },
    [greeting, rememberSession],
  );

  const follow = useCallback(
    async function followTurn(
      open: (signal: AbortSignal) => AsyncGenerator<ChatTurnEvent>,
      { pendingKey, draft: sentDraft, revision = false }: Follow = {},
    ): Promise<void> {
      /** The connection broke mid-reply: show what the server has, then follow the rest if it goes on. */
      const resync = async () => {
        const id = savedSession.read(agent.id);
        if (!id) return dispatch({ type: 'idle' });
        try {
          await loadMessages(id);
        } catch {
          return dispatch({ type: 'idle' });
        }
        void followTurn(attachTo(id));
      };

      detach();
      const controller = new AbortController();
      stream.current = controller;
      let received = 0;
      let replying = false;
      let ended = false;
      let shownKey = pendingKey;
      let createdSession = false;
      /** The server took the message back (the model could not read it): as if it had been refused at once. */
      const takeBack = () => {
        if (shownKey) dispatch({ type: 'withdrawn', key: shownKey });
        if (sentDraft !== undefined) setDraft((current) => current || sentDraft);
        if (createdSession) rememberSession(null);
        void refreshSessions();
      };
      const startReply = () => {
        if (!replying) dispatch({ type: 'reply-started' });
        replying = true;
      };
      const handlers: { [T in ChatTurnEvent['type']]: (event: Extract<ChatTurnEvent, { type: T }>) => void } = {
        session: ({ session, created }) => {
          rememberSession(session.id);
          createdSession = created;
          if (created) void refreshSessions();
        },
        'user-message': ({ message }) => {
          if (!pendingKey) return;
          dispatch({ type: 'user-saved', key: pendingKey, message });
          shownKey = message.id;
        },
        snapshot: ({ text, sources }) => {
          replying = true;
          dispatch({ type: 'reply-started', text, sources });
        },
        sources: ({ sources }) => {
          startReply();
          dispatch({ type: 'sources', sources });
        },
        token: ({ text }) => {
          startReply();
          dispatch({ type: 'token', text });
        },
        reconfigured: () => toast(chatTexts.reconfigured),
        done: ({ message }) => {
          ended = true;
          dispatch({ type: 'reply-ended', message });
          void refreshSessions();
        },
        stopped: ({ message }) => {
          ended = true;
          dispatch({ type: 'reply-ended', message });
          void refreshSessions();
        },
        error: ({ code, message, partial, withdrawn }) => {
          ended = true;
          dispatch({ type: 'reply-ended', message: partial });
          if (withdrawn) takeBack();
          reportTurnFailure({ code, message }, agent, append);
        },
      };
      try {
        for await (const event of open(controller.signal)) {
          received += 1;
          (handlers[event.type] as (event: ChatTurnEvent) => void)(event);
        }
        if (!ended && received > 0 && !controller.signal.aborted) await resync();
        else if (!ended) dispatch({ type: 'idle' });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (received === 0 && pendingKey) {
          // Refused before anything was saved: take the message back so nothing typed is lost.
          if (revision) {
            const id = savedSession.read(agent.id);
            await (id ? loadMessages(id).catch(() => dispatch({ type: 'idle' })) : undefined);
          } else dispatch({ type: 'withdrawn', key: pendingKey });
          if (sentDraft !== undefined) setDraft((current) => current || sentDraft);
          reportTurnFailure(toTurnFailure(error), agent, append);
        } else if (received > 0) {
          await resync();
        } else {
          dispatch({ type: 'idle' });
        }
      } finally {
        if (stream.current === controller) stream.current = null;
      }
    },
    [agent, append, detach, loadMessages, refreshSessions, rememberSession],
  );

  /** Shows a session, then picks up a reply that may still be in progress there (e.g. after a reload). */
  const openSession = useCallback(
    async (id: string) => {
      await loadMessages(id);
      void follow(attachTo(id));
    },
    [follow, loadMessages],
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

  const send = useCallback(
    (content: string) => {
      const text = content.trim();
      if (!text || state.busy) return;
      const pendingKey = `pending-${crypto.randomUUID()}`;
      dispatch({ type: 'sent', key: pendingKey, content: text });
      setDraft('');
      void follow(
        (signal) =>
          startTurn({ agentType: agent.id, content: text, ...(sessionId ? { sessionId } : {}) }, { modelKey, signal }),
        { pendingKey, draft: content },
      );
    },
    [agent.id, follow, modelKey, sessionId, state.busy],
  );

  /** Regenerate: the last message asked again; the reply it had stays a version of the exchange. */
  const regenerate = useCallback(() => {
    const exchange = lastExchange(state.items);
    if (!sessionId || state.busy || !exchange?.reply) return;
    const pendingKey = `pending-${crypto.randomUUID()}`;
    dispatch({ type: 'revised', key: pendingKey, content: exchange.user.content });
    void follow((signal) => regenerateTurn(sessionId, { modelKey, signal }), { pendingKey, revision: true });
  }, [follow, modelKey, sessionId, state.busy, state.items]);

  /** Edit message: the last user message changed and sent again; the earlier question and reply stay a version. */
  const editLast = useCallback(
    (content: string) => {
      const text = content.trim();
      const exchange = lastExchange(state.items);
      if (!text || !sessionId || state.busy || !exchange) return;
      const pendingKey = `pending-${crypto.randomUUID()}`;
      dispatch({ type: 'revised', key: pendingKey, content: text });
      void follow(
        (signal) =>
          startTurn({ agentType: agent.id, sessionId, content: text, editOf: exchange.user.key }, { modelKey, signal }),
        { pendingKey, draft: content, revision: true },
      );
    },
    [agent.id, follow, modelKey, sessionId, state.busy, state.items],
  );

  const [choosing, setChoosing] = useState(false);
  /** Shows another version of the last exchange; the server keeps the choice (a reload shows it, the model reads it). */
  const showVersion = useCallback(
    async (version: number) => {
      if (!sessionId || state.busy || choosing) return;
      setChoosing(true);
      try {
        dispatch({ type: 'exchange-replaced', messages: await chooseVersion(sessionId, version, modelKey) });
      } catch (error) {
        reportTurnFailure(toTurnFailure(error), agent, append);
      } finally {
        setChoosing(false);
      }
    },
    [agent, append, choosing, modelKey, sessionId, state.busy],
  );

  const stop = useCallback(() => {
    if (sessionId) void stopTurn(sessionId).catch(() => undefined);
  }, [sessionId]);

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
    [agent, detach, greeting, refreshSessions, rememberSession],
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

  /** The persona was changed outside the composer (the persona panel): the agent's confirmation joins the chat. */
  const reconfigured = useCallback(
    ({ session, message }: { session: ChatSession; message: ChatMessage }) => {
      rememberSession(session.id);
      void refreshSessions();
      const item = fromMessage(message);
      if (item) append(item);
    },
    [append, refreshSessions, rememberSession],
  );

  /** The toast of a pasted configuration, for a change made elsewhere (shown once the user is back in the chat). */
  const announceReconfigured = useCallback(() => toast(chatTexts.reconfigured), []);

  return {
    items: state.items,
    busy: state.busy,
    streaming: state.items.some((item) => item.kind === 'assistant' && item.streaming),
    restoring,
    sessionId,
    draft,
    setDraft,
    send,
    stop,
    regenerate,
    editLast,
    showVersion,
    choosing,
    newChat: () => void startFresh(true),
    continueSession,
    showSession,
    sessionDeleted,
    reconfigured,
    announceReconfigured,
  };
}
