import { useCallback, useRef, type Dispatch, type SetStateAction } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '../../../lib/api/attachments';
import { toast } from '../../../components/toast/toast-store';
import { attachTurn, type ChatTurnEvent } from '../../../lib/api/turns';
import { failureReason, reportTurnFailure } from '../errors/report-turn-failure';
import { toTurnFailure, type TurnFailure } from '../errors/turn-failure';
import { chatTexts } from './chat-texts';
import type { ChatItem, ConversationAction } from './conversation-state';
import { savedSession } from './saved-session';
import type { CurrentSession } from './use-current-session';

const attachTo = (id: string) => (signal: AbortSignal) => attachTurn(id, signal);

type Follow = {
  /** Key of the optimistic user message this stream answers, when it was started here. */
  pendingKey?: string;
  draft?: string;
  /** The message's attachments: a refused message gives them back to the composer with its text. */
  attachments?: ChatAttachment[];
  /** A new version of the last exchange (Regenerate, Edit message): refused, the chat is shown as saved again. */
  revision?: boolean;
};

type TurnStreamDeps = {
  agent: AgentDefinition;
  dispatch: Dispatch<ConversationAction>;
  append: (item: ChatItem) => void;
  setDraft: Dispatch<SetStateAction<string>>;
  /** Puts a refused message's attachments back in the composer. */
  restoreAttachments: (attachments: ChatAttachment[]) => void;
  /** Says why the draft given back was not sent, beside it. */
  refuseDraft: (reason: string) => void;
  session: Pick<CurrentSession, 'rememberSession' | 'refreshSessions' | 'loadMessages'>;
};

/**
 * Follows the events of a turn into the conversation, one stream at a time: a reply streamed token by
 * token, a connection that broke picked up again, a message refused or taken back given back as a draft.
 */
export function useTurnStream(deps: TurnStreamDeps) {
  const { agent, dispatch, append, setDraft, restoreAttachments, refuseDraft, session } = deps;
  const { rememberSession, refreshSessions, loadMessages } = session;
  const stream = useRef<AbortController | null>(null);

  /** Stops listening to the reply in flight (the server goes on and saves it). */
  const detach = useCallback(() => {
    stream.current?.abort();
    stream.current = null;
  }, []);

  const follow = useCallback(
    async function followTurn(
      open: (signal: AbortSignal) => AsyncGenerator<ChatTurnEvent>,
      { pendingKey, draft: sentDraft, attachments = [], revision = false }: Follow = {},
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
      /** Nothing typed or attached is lost: the refused message goes back to the composer, with why. */
      const giveBack = (failure: TurnFailure) => {
        if (sentDraft === undefined && attachments.length === 0) return;
        if (sentDraft !== undefined) setDraft((current) => current || sentDraft);
        restoreAttachments(attachments);
        refuseDraft(failureReason(failure, agent));
      };
      /** A new version refused: the chat as saved, its exchange as it was before. */
      const showSaved = async () => {
        const id = savedSession.read(agent.id);
        await (id ? loadMessages(id).catch(() => dispatch({ type: 'idle' })) : undefined);
      };
      /** The server took the message back (the model could not read it): as if it had been refused at once. */
      const takeBack = (failure: TurnFailure) => {
        if (revision) void showSaved();
        else if (shownKey) dispatch({ type: 'withdrawn', key: shownKey });
        giveBack(failure);
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
        // Again when the files were read anew for a smaller window: the message shows what the model reads now.
        'user-message': ({ message }) => {
          if (!pendingKey) return;
          dispatch({ type: 'user-saved', key: shownKey ?? pendingKey, message });
          shownKey = message.id;
        },
        snapshot: ({ text, sources, toolCalls }) => {
          replying = true;
          dispatch({ type: 'reply-started', text, sources, toolCalls });
        },
        sources: ({ sources }) => {
          startReply();
          dispatch({ type: 'sources', sources });
        },
        token: ({ text }) => {
          startReply();
          dispatch({ type: 'token', text });
        },
        'tool-call': ({ call }) => {
          startReply();
          dispatch({ type: 'tool-call', call });
        },
        'tool-result': ({ call }) => {
          startReply();
          dispatch({ type: 'tool-call', call });
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
          if (withdrawn) takeBack({ code, message });
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
          if (revision) await showSaved();
          else dispatch({ type: 'withdrawn', key: pendingKey });
          const failure = toTurnFailure(error);
          giveBack(failure);
          reportTurnFailure(failure, agent, append);
        } else if (received > 0) {
          await resync();
        } else {
          dispatch({ type: 'idle' });
        }
      } finally {
        if (stream.current === controller) stream.current = null;
      }
    },
    [
      agent,
      append,
      detach,
      dispatch,
      loadMessages,
      refreshSessions,
      refuseDraft,
      rememberSession,
      restoreAttachments,
      setDraft,
    ],
  );

  /** Follows a session's turn in progress, if there is one (after a reload, or a chat opened). */
  const attach = useCallback((id: string) => follow(attachTo(id)), [follow]);

  return { follow, attach, detach };
}

/** The turn stream's handles: follow a new turn, pick up one in progress, stop listening. */
export type TurnStream = ReturnType<typeof useTurnStream>;
