import { useCallback, useRef, type Dispatch, type SetStateAction } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '../../../lib/api/attachments';
import { toast } from '../../../components/toast/toasts';
import { attachTurn, type ChatTurnEvent } from '../../../lib/api/turns';
import { failureReason, reportTurnFailure } from '../errors/report-turn-failure';
import { chatTexts } from './chat-texts';
import type { ChatItem } from '../chat-item';
import type { ConversationAction } from './conversation-state';
import { savedSession } from './saved-session';
import { TurnStreamFollower, type FollowEffect, type FollowOptions } from './turn-stream-follower';
import type { CurrentSession } from './use-current-session';

const attachTo = (id: string) => (signal: AbortSignal) => attachTurn(id, signal);

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

type Performers = { [T in FollowEffect['type']]: (effect: Extract<FollowEffect, { type: T }>) => unknown };

/**
 * Follows the events of a turn into the conversation, one stream at a time (TurnStreamFollower decides what
 * each event means; this carries it out): a reply streamed token by token, a connection that broke picked
 * up again, a message refused or taken back given back as a draft.
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
      options: FollowOptions = {},
    ): Promise<void> {
      const performers: Performers = {
        dispatch: ({ action }) => dispatch(action),
        'remember-session': ({ id }) => rememberSession(id),
        'refresh-sessions': () => void refreshSessions(),
        reconfigured: () => toast(chatTexts.reconfigured),
        'show-saved': async () => {
          const id = savedSession.read(agent.id);
          await (id ? loadMessages(id).catch(() => dispatch({ type: 'idle' })) : undefined);
        },
        'give-back': ({ draft, attachments, failure }) => {
          if (draft !== undefined) setDraft((current) => current || draft);
          restoreAttachments(attachments);
          refuseDraft(failureReason(failure, agent));
        },
        'report-failure': ({ failure }) => reportTurnFailure(failure, agent, append),
        resync: async () => {
          const id = savedSession.read(agent.id);
          if (!id) return dispatch({ type: 'idle' });
          try {
            await loadMessages(id);
          } catch {
            return dispatch({ type: 'idle' });
          }
          void followTurn(attachTo(id));
        },
      };
      const perform = (effect: FollowEffect) => (performers[effect.type] as (effect: FollowEffect) => unknown)(effect);
      // Each effect waits for the one before: a notice must follow the reload of the chat, not be wiped by it.
      let performed: Promise<unknown> = Promise.resolve();
      const performInTurn = (effects: FollowEffect[]) => {
        for (const effect of effects) performed = performed.then(() => perform(effect));
        return performed;
      };

      detach();
      const controller = new AbortController();
      stream.current = controller;
      const follower = new TurnStreamFollower(options);
      try {
        for await (const event of open(controller.signal)) void performInTurn(follower.take(event));
        await performInTurn(follower.finish(controller.signal.aborted));
      } catch (error) {
        await performInTurn(follower.fail(error, controller.signal.aborted));
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
