import { useId, useState, type ReactNode } from 'react';
import type { AgentDefinition } from '../../../../schemas/types/agent';
import type { ChatMessage, ChatSession } from '../../lib/api/sessions';
import { MotionProvider } from '../../components/motion-provider';
import { Composer } from './composer/composer';
import { useConversation } from './conversation/use-conversation';
import { HistoryPanel } from './history/history-panel';
import { MessageList } from './messages/message-list';
import styles from './chat-page.module.css';

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
};

/** The one chat page: every difference between agents comes from the agent definition. */
export function ChatPage({
  agent,
  titleBarControl,
}: {
  agent: AgentDefinition;
  titleBarControl?: (chat: ChatControlProps) => ReactNode;
}) {
  const conversation = useConversation(agent);
  const [historyOpen, setHistoryOpen] = useState(false);
  const titleId = useId();
  const historyId = useId();
  const waitingForFirstToken = conversation.busy && !conversation.streaming;

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
            })}
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={historyOpen}
              aria-controls={historyId}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              {historyOpen ? texts.hideHistory : texts.showHistory}
            </button>
          </div>
        </div>
        <div className={styles.body}>
          {historyOpen ? (
            <div className={styles.history}>
              <HistoryPanel
                id={historyId}
                agentId={agent.id}
                currentSessionId={conversation.sessionId}
                onContinue={(session) => void conversation.continueSession(session)}
                onNewChat={conversation.newChat}
                onDeleted={conversation.sessionDeleted}
              />
            </div>
          ) : null}
          <div className={styles.conversation}>
            {conversation.sessionId ? (
              <p className={styles.sessionLine}>{texts.savedSession(conversation.sessionId)}</p>
            ) : null}
            {conversation.restoring ? (
              <p className={styles.restoring} role="status">
                {texts.restoring}
              </p>
            ) : null}
            <MessageList items={conversation.items} typing={waitingForFirstToken} copyToast={agent.display.copyToast} />
            <Composer
              input={agent.input}
              draft={conversation.draft}
              onDraftChange={conversation.setDraft}
              onSend={conversation.send}
              onStop={conversation.stop}
              busy={conversation.busy}
              canStop={conversation.sessionId !== null}
            />
          </div>
        </div>
      </section>
    </MotionProvider>
  );
}
