import { useCallback, useMemo, useReducer, useState } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '../../../lib/api/attachments';
import { toast } from '../../../components/toast/toasts';
import { useViewerFirstName } from '../../../lib/viewer';
import type { ChatMessage, ChatSession } from '../../../lib/api/sessions';
import { decideToolCall as postToolDecision } from '../../../lib/api/tool-decisions';
import { stopTurn } from '../../../lib/api/turns';
import { chatTexts } from './chat-texts';
import { conversationReducer, fromMessage, initialConversation } from './conversation-state';
import type { ChatItem } from '../chat-item';
import { greetingOf } from './greeting';
import { useCurrentSession } from './use-current-session';
import { useSessionOpening } from './use-session-opening';
import { useTurnRequests } from './use-turn-requests';
import { useTurnStream } from './use-turn-stream';
import { useVersionChoice } from './use-version-choice';

const keepNone = () => undefined;

/**
 * One agent's conversation: what is shown, the current session (remembered across reloads), and the
 * turn in flight. Replies stream from the server, which saves everything; this only mirrors it.
 * `restoreAttachments` takes back the attachments of a message the server refused (the composer's).
 */
export function useConversation(
  agent: AgentDefinition,
  { restoreAttachments = keepNone }: { restoreAttachments?: (attachments: ChatAttachment[]) => void } = {},
) {
  const personName = useViewerFirstName();
  const greeting = useMemo(() => greetingOf(agent.conversation, personName), [agent.conversation, personName]);
  const [state, dispatch] = useReducer(conversationReducer, greeting, initialConversation);
  const [draft, setDraft] = useState('');
  /** Why the draft given back was not sent: a new object for each refusal, which the composer shows beside it. */
  const [refusal, setRefusal] = useState<{ reason: string } | null>(null);
  const refuseDraft = useCallback((reason: string) => setRefusal({ reason }), []);
  const append = useCallback((item: ChatItem) => dispatch({ type: 'append', item }), []);
  const session = useCurrentSession(agent.id, greeting, dispatch);
  const { sessionId, rememberSession, refreshSessions } = session;
  const stream = useTurnStream({ agent, dispatch, append, setDraft, restoreAttachments, refuseDraft, session });
  const opening = useSessionOpening({ agent, greeting, dispatch, session, stream });
  const requests = useTurnRequests({ agent, state, dispatch, setDraft, sessionId, follow: stream.follow });
  const versions = useVersionChoice({ agent, dispatch, append, sessionId, busy: state.busy });

  const stop = useCallback(() => {
    if (sessionId) void stopTurn(sessionId).catch(() => undefined);
  }, [sessionId]);

  /** The user's Allow or Deny of a tool call the running reply waits on. */
  const decideToolCall = useCallback(
    (callId: string, allow: boolean) =>
      sessionId ? postToolDecision(sessionId, callId, allow) : Promise.resolve({ accepted: false }),
    [sessionId],
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
    restoring: opening.restoring,
    sessionId,
    draft,
    setDraft,
    refusal,
    send: requests.send,
    stop,
    decideToolCall,
    regenerate: requests.regenerate,
    editLast: requests.editLast,
    showVersion: versions.showVersion,
    choosing: versions.choosing,
    newChat: opening.newChat,
    continueSession: opening.continueSession,
    showSession: opening.showSession,
    sessionDeleted: opening.sessionDeleted,
    reconfigured,
    announceReconfigured,
  };
}
