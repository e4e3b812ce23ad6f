import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type JSX, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner/spinner';
import type { SearchResult } from '../../../lib/api/search';
import { sessionsKey, type ChatSession } from '../../../lib/api/sessions';
import { ChatSearch } from './chat-search';
import styles from './history-panel.module.css';
import { ImportChat } from './import-chat';
import { SessionEntry } from './session-entry';

export type HistoryPanelProps = {
  /** Element id, for the toggle's aria-controls. */
  id: string;
  agentId: string;
  /** The session shown in the chat, highlighted in the list (aria-current). */
  currentSessionId: string | null;
  /** 'Continue Chat' was pressed. */
  onContinue: (session: ChatSession) => void;
  /** 'New Chat' was pressed. */
  onNewChat: () => void;
  /** A session was deleted on the server. */
  onDeleted: (sessionId: string) => void;
  /** Changes when the page asks for the search box (Ctrl/Cmd+K). */
  focusSearch?: number;
  /** A search result was chosen: open its chat (maybe another agent's) at its message. */
  onOpenResult: (result: SearchResult) => void;
  /** Shown in a drawer (phones): a button in the header closes it. */
  onClose?: () => void;
};

const closeLabel = 'Hide Chat History';

type Notice = 'loading' | 'failed' | 'empty';

const notices: Record<Notice, ReactNode> = {
  loading: <Spinner label="Loading sessions..." />,
  failed: (
    <p className={styles.failed} role="alert">
      Failed to load sessions
    </p>
  ),
  empty: <p className={styles.empty}>No chat sessions found. Create a new one to get started.</p>,
};

function noticeFor(sessions: ChatSession[] | undefined, isError: boolean, isFetching: boolean): Notice | null {
  if (sessions) return isError ? 'failed' : sessions.length === 0 ? 'empty' : null;
  return isError && !isFetching ? 'failed' : 'loading';
}

export function HistoryPanel({
  id,
  agentId,
  currentSessionId,
  onContinue,
  onNewChat,
  onDeleted,
  focusSearch = 0,
  onOpenResult,
  onClose,
}: HistoryPanelProps): JSX.Element {
  const [searching, setSearching] = useState(false);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { data: sessions, isError, isFetching, refetch } = useQuery<ChatSession[]>({ queryKey: sessionsKey(agentId) });
  const notice = noticeFor(sessions, isError, isFetching);

  /** An imported chat opens: here when it is this agent's, else on its agent's page (as a search result would). */
  const openImported = (session: ChatSession) => {
    if (session.agentType === agentId) {
      onContinue(session);
      return;
    }
    onOpenResult({
      sessionId: session.id,
      agentType: session.agentType,
      sessionTitle: session.title,
      messageId: null,
      messageOrder: null,
      role: null,
      snippet: '',
      highlights: [],
      rank: 0,
      createdAt: session.updatedAt,
    });
  };

  const handleDeleted = (sessionId: string) => {
    // The focused Delete button is about to leave the list; keep keyboard users in the panel.
    const active = document.activeElement;
    if (active === document.body || listRef.current?.contains(active)) headingRef.current?.focus();
    onDeleted(sessionId);
  };

  return (
    <aside
      id={id}
      className={onClose ? `${styles.panel} ${styles.inDrawer}` : styles.panel}
      aria-labelledby={headingId}
    >
      <div className={styles.header}>
        <h2 id={headingId} ref={headingRef} className={styles.heading} tabIndex={-1}>
          Chat History
        </h2>
        <button
          type="button"
          className={styles.refresh}
          aria-label="Refresh sessions"
          aria-busy={isFetching}
          onClick={() => void refetch({ cancelRefetch: false })}
        >
          <RefreshIcon />
        </button>
        {onClose ? (
          <button type="button" className={styles.refresh} aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        ) : null}
      </div>
      <button type="button" className={styles.newChat} onClick={onNewChat}>
        <PlusIcon />
        New Chat
      </button>
      <ImportChat className={styles.newChat} onImported={openImported} />
      <ChatSearch agentId={agentId} focusRequest={focusSearch} onActiveChange={setSearching} onOpen={onOpenResult} />
      <div className={styles.body} hidden={searching}>
        {notice ? <div className={styles.notice}>{notices[notice]}</div> : null}
        {sessions && sessions.length > 0 ? (
          <ul ref={listRef} className={styles.list}>
            {sessions.map((session) => (
              <SessionEntry
                key={session.id}
                session={session}
                agentId={agentId}
                current={session.id === currentSessionId}
                onContinue={onContinue}
                onDeleted={handleDeleted}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </aside>
  );
}

function RefreshIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20 12a8 8 0 1 1-2.34-5.66L20 8.5" />
      <path d="M20 3.5v5h-5" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
