import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { agentsKey, type PublicAgent } from '../../lib/api/agents';
import type { SearchResult } from '../../lib/api/search';
import type { ChatMessage, ChatSession } from '../../lib/api/sessions';
import { Button } from '../../components/button';
import { MotionProvider } from '../../components/motion-provider';
import { phoneWidthQuery, useMediaQuery } from '../../lib/use-media-query';
import { AttachmentDropZone } from './composer/attachments/attachment-drop-zone';
import { useAttachmentUploads } from './composer/attachments/use-attachment-uploads';
import { Composer } from './composer/composer';
import { useConversation } from './conversation/use-conversation';
import { HistoryDrawer } from './history/history-drawer';
import { HistoryPanel, type HistoryPanelProps } from './history/history-panel';
import { savedSession } from './conversation/saved-session';
import { ReadOnlyNote } from './history/sharing/read-only-note';
import { mayChange } from './history/sharing/sharing-texts';
import { useSessionSharing } from './history/sharing/use-session-sharing';
import { MessageList } from './messages/message-list';
import { ToolHealthNotice } from './tools/tool-health-notice';
import type { MessageFocus } from './messages/use-found-message';
import styles from './chat-page.module.css';

const historyLabel = 'Chat History';

const texts = {
  showHistory: 'Show Chat History',
  hideHistory: 'Hide Chat History',
  savedSession: (id: string) => `Using saved chat session (${id})`,
  restoring: 'Loading conversation...',
} as const;

/** What the chat lends a control composed into its title bar by the app (a feature of its own). */
export type ChatControlProps = {
  sessionId: string | null;
  busy: boolean;
  /** The chat's persona changed: show the agent's confirmation, as for a pasted configuration. */
  onReconfigured: (change: { session: ChatSession; message: ChatMessage }) => void;
  /** Show the toast a pasted configuration shows. */
  announceReconfigured: () => void;
  /** Show one of this agent's chats (a remembered fact's, say). */
  openChat: (sessionId: string) => void;
};

/** Navigation state of a chat opened from another agent's search: the message to show. */
type FoundMessageState = { foundMessage?: unknown };

const withCommand = (event: KeyboardEvent, key: string, shift: boolean) =>
  event.key.toLowerCase() === key && (event.ctrlKey || event.metaKey) && !event.altKey && event.shiftKey === shift;

/** The chat page's keyboard shortcuts (issue 13): Ctrl/Cmd+K searches, Ctrl/Cmd+Shift+O starts a new chat, Escape stops a reply. */
type Shortcut = 'search' | 'new-chat' | 'stop';

function shortcutOf(event: KeyboardEvent): Shortcut | undefined {
  if (withCommand(event, 'k', false)) return 'search';
  if (withCommand(event, 'o', true)) return 'new-chat';
  // Escape belongs to whatever has it first (a dialog, a menu, the search box, an edited title).
  if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) return 'stop';
  return undefined;
}

/** The one chat page: every difference between agents comes from the agent definition. */
export function ChatPage({
  agent,
  titleBarControl,
}: {
  agent: AgentDefinition;
  titleBarControl?: (chat: ChatControlProps) => ReactNode;
}) {
  const uploads = useAttachmentUploads(agent);
  const conversation = useConversation(agent, { restoreAttachments: uploads.restore });
  const [historyOpen, setHistoryOpen] = useState(false);
  // Below 768 px the history is a drawer over the chat, and choosing a chat in it closes it.
  const phone = useMediaQuery(phoneWidthQuery);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [drawerClosed, setDrawerClosed] = useState(0);
  const [focusSearch, setFocusSearch] = useState(0);
  const navigate = useNavigate();
  const location = useLocation();
  const agents = useQuery<PublicAgent[]>({ queryKey: agentsKey });
  const [found, setFound] = useState<MessageFocus | null>(() => {
    const key = (location.state as FoundMessageState | null)?.foundMessage;
    return typeof key === 'string' ? { key, at: Date.now() } : null;
  });
  const titleId = useId();
  const historyId = useId();
  const waitingForFirstToken = conversation.busy && !conversation.streaming;
  const { showSession } = conversation;
  const sharing = useSessionSharing(agent.id, conversation.sessionId);
  // Someone else's chat, shared with the circle: read here, added to only by its owner.
  const readOnly = sharing !== undefined && !mayChange(sharing);

  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    const shortcut = shortcutOf(event);
    if (shortcut === 'search') {
      event.preventDefault();
      setHistoryOpen(true);
      setFocusSearch((n) => n + 1);
    } else if (shortcut === 'new-chat') {
      event.preventDefault();
      if (!conversation.busy) conversation.newChat();
    } else if (shortcut === 'stop' && conversation.busy && conversation.sessionId !== null) {
      event.preventDefault();
      conversation.stop();
    }
  });
  // On the window, so every element's and the document's own Escape handlers (menus, details) run first.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => onShortcut(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // The drawer is gone (and the page no longer inert): its toggle takes the focus it held.
  useEffect(() => {
    if (drawerClosed > 0) toggleRef.current?.focus();
  }, [drawerClosed]);

  const closeDrawer = () => {
    setHistoryOpen(false);
    setDrawerClosed((n) => n + 1);
  };

  /** After a chat is chosen in the drawer, the chat is what the user wants to see. */
  const thenCloseDrawer =
    <Args extends unknown[]>(action: (...args: Args) => void) =>
    (...args: Args) => {
      action(...args);
      if (phone) closeDrawer();
    };

  /** This agent's chat opens here; another agent's on that agent's own page, which reopens it. */
  const openResult = useCallback(
    (result: SearchResult) => {
      if (result.agentType === agent.id) {
        void showSession(result.sessionId).then(() => {
          if (result.messageId) setFound({ key: result.messageId, at: Date.now() });
        });
        return;
      }
      const route = agents.data?.find((candidate) => candidate.id === result.agentType)?.routes[0];
      if (!route) return;
      savedSession.write(result.agentType, result.sessionId);
      const state: FoundMessageState = { foundMessage: result.messageId ?? undefined };
      void navigate(route, { state });
    },
    [agent.id, agents.data, navigate, showSession],
  );

  const historyProps: HistoryPanelProps = {
    id: historyId,
    agentId: agent.id,
    currentSessionId: conversation.sessionId,
    onContinue: thenCloseDrawer((session: ChatSession) => void conversation.continueSession(session)),
    onNewChat: thenCloseDrawer(conversation.newChat),
    onDeleted: conversation.sessionDeleted,
    focusSearch,
    onOpenResult: thenCloseDrawer(openResult),
  };

  return (
    <MotionProvider>
      <section className={styles.chat} aria-labelledby={titleId}>
        <div className={styles.titleBar}>
          <h2 id={titleId} className={styles.title}>
            {agent.display.title}
          </h2>
          <div className={styles.titleActions}>
            {titleBarControl?.({
              sessionId: conversation.sessionId,
              busy: conversation.busy,
              onReconfigured: conversation.reconfigured,
              announceReconfigured: conversation.announceReconfigured,
              openChat: (sessionId) => void showSession(sessionId),
            })}
            <Button
              ref={toggleRef}
              variant="compact"
              aria-expanded={historyOpen}
              aria-controls={historyId}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              {historyOpen ? texts.hideHistory : texts.showHistory}
            </Button>
          </div>
        </div>
        <div className={styles.body}>
          {historyOpen && phone ? (
            <HistoryDrawer label={historyLabel} onClose={closeDrawer}>
              <HistoryPanel {...historyProps} onClose={closeDrawer} />
            </HistoryDrawer>
          ) : null}
          {historyOpen && !phone ? (
            <div className={styles.history}>
              <HistoryPanel {...historyProps} />
            </div>
          ) : null}
          <AttachmentDropZone
            className={styles.conversation}
            enabled={uploads.enabled && !readOnly}
            kinds={uploads.policy.kinds}
            onFiles={uploads.add}
          >
            {conversation.sessionId ? (
              <p className={styles.sessionLine}>{texts.savedSession(conversation.sessionId)}</p>
            ) : null}
            {conversation.restoring ? (
              <p className={styles.restoring} role="status">
                {texts.restoring}
              </p>
            ) : null}
            <MessageList
              items={conversation.items}
              typing={waitingForFirstToken}
              copyToast={agent.display.copyToast}
              focus={found}
              exchangeActions={
                conversation.sessionId && !readOnly
                  ? {
                      enabled: !conversation.busy && !conversation.choosing && !conversation.restoring,
                      onRegenerate: conversation.regenerate,
                      onEdit: conversation.editLast,
                      onShowVersion: (version) => void conversation.showVersion(version),
                    }
                  : undefined
              }
              onToolDecision={conversation.decideToolCall}
            />
            <ToolHealthNotice tools={agent.tools} />
            {readOnly ? (
              <ReadOnlyNote sharing={sharing} onNewChat={conversation.newChat} />
            ) : (
              <Composer
                input={agent.input}
                draft={conversation.draft}
                onDraftChange={conversation.setDraft}
                onSend={(text) => {
                  if (conversation.send(text, uploads.ready)) uploads.clear();
                }}
                onStop={conversation.stop}
                busy={conversation.busy}
                canStop={conversation.sessionId !== null}
                attachments={uploads}
                refusal={conversation.refusal}
              />
            )}
          </AttachmentDropZone>
        </div>
      </section>
    </MotionProvider>
  );
}
