import { useCallback, type Dispatch, type SetStateAction } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '../../../lib/api/attachments';
import { regenerateTurn, startTurn } from '../../../lib/api/turns';
import { useModelKey } from '../../../lib/model-key';
import { lastExchange, type ConversationAction, type ConversationState } from './conversation-state';
import type { TurnStream } from './use-turn-stream';

type TurnRequestsDeps = {
  agent: AgentDefinition;
  state: ConversationState;
  dispatch: Dispatch<ConversationAction>;
  setDraft: Dispatch<SetStateAction<string>>;
  sessionId: string | null;
  follow: TurnStream['follow'];
};

/** The turns the user starts: a message sent, and the last exchange asked again or with its message edited. */
export function useTurnRequests({ agent, state, dispatch, setDraft, sessionId, follow }: TurnRequestsDeps) {
  const [modelKey] = useModelKey();

  /** Sends a message (its text, its attachments, or both); false when there was nothing to send or a reply runs. */
  const send = useCallback(
    (content: string, attachments: ChatAttachment[] = []): boolean => {
      const text = content.trim();
      if ((!text && attachments.length === 0) || state.busy) return false;
      const pendingKey = `pending-${crypto.randomUUID()}`;
      dispatch({ type: 'sent', key: pendingKey, content: text, attachments });
      setDraft('');
      const ids = attachments.map((attachment) => attachment.id);
      void follow(
        (signal) =>
          startTurn(
            {
              agentType: agent.id,
              content: text,
              ...(sessionId ? { sessionId } : {}),
              ...(ids.length > 0 ? { attachments: ids } : {}),
            },
            { modelKey, signal },
          ),
        { pendingKey, draft: content, attachments },
      );
      return true;
    },
    [agent.id, dispatch, follow, modelKey, sessionId, setDraft, state.busy],
  );

  /** Regenerate: the last message asked again; the reply it had stays a version of the exchange. */
  const regenerate = useCallback(() => {
    const exchange = lastExchange(state.items);
    if (!sessionId || state.busy || !exchange?.reply) return;
    const pendingKey = `pending-${crypto.randomUUID()}`;
    dispatch({
      type: 'revised',
      key: pendingKey,
      content: exchange.user.content,
      attachments: exchange.user.attachments,
    });
    void follow((signal) => regenerateTurn(sessionId, { modelKey, signal }), { pendingKey, revision: true });
  }, [dispatch, follow, modelKey, sessionId, state.busy, state.items]);

  /** Edit message: the last user message changed and sent again; the earlier question and reply stay a version. */
  const editLast = useCallback(
    (content: string) => {
      const text = content.trim();
      const exchange = lastExchange(state.items);
      if (!text || !sessionId || state.busy || !exchange) return;
      const pendingKey = `pending-${crypto.randomUUID()}`;
      // The edited message keeps the files it was sent with (the server's user-message event has the final word).
      dispatch({ type: 'revised', key: pendingKey, content: text, attachments: exchange.user.attachments });
      void follow(
        (signal) =>
          startTurn({ agentType: agent.id, sessionId, content: text, editOf: exchange.user.key }, { modelKey, signal }),
        { pendingKey, draft: content, revision: true },
      );
    },
    [agent.id, dispatch, follow, modelKey, sessionId, state.busy, state.items],
  );

  return { send, regenerate, editLast };
}
