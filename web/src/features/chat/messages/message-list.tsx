import { m } from 'framer-motion';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { AgentCopyToast } from '../../../../../schemas/types/agent';
import { useModelKey } from '../../../lib/model-key';
import type { ChatItem } from '../conversation/conversation-state';
import { CopyButton } from './copy-button';
import { Markdown } from './markdown';
import { ReplyDetails } from './reply-details';
import { TypingIndicator } from './typing-indicator';
import styles from './message-list.module.css';
import removeMarkdown from 'remove-markdown';

const texts = {
  label: 'Conversation',
  incomplete: 'This reply was interrupted before it was complete.',
  sources: 'Sources',
  connect: 'Connect OpenAI',
  reconnectAdvice: 'Reconnect with a valid key, then send your message again.',
  retryAdvice: 'Please try again.',
  changeAdvice: 'Change your message, then send it again.',
  youSaid: 'You',
  assistantSaid: 'Assistant',
} as const;

/** What a renderer may need beyond its item: the agent's own wording. */
type RenderContext = { copyToast?: AgentCopyToast };

type Renderers = {
  [K in ChatItem['kind']]: (item: Extract<ChatItem, { kind: K }>, context: RenderContext) => ReactNode;
};

const renderers: Renderers = {
  user: (item) => (
    <div className={styles.userRow}>
      <div className={`${styles.bubble} ${styles.user}`} data-message-role="user">
        <span className={styles.srOnly}>{texts.youSaid}: </span>
        <p className={styles.plain}>{item.content}</p>
      </div>
    </div>
  ),
  assistant: (item, { copyToast }) => (
    <div className={styles.assistantRow}>
      <div
        className={`${styles.bubble} ${styles.assistant}`}
        data-message-role="assistant"
        aria-busy={item.streaming || undefined}
      >
        <span className={styles.srOnly}>{texts.assistantSaid}: </span>
        <Markdown text={item.content} />
        {item.sources.length > 0 ? (
          <nav className={styles.sources} aria-label={texts.sources}>
            <p className={styles.sourcesTitle}>{texts.sources}</p>
            <ol>
              {item.sources.map((source) => (
                <li key={source.link}>
                  <a href={source.link} target="_blank" rel="noopener noreferrer">
                    {source.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {item.incomplete ? <p className={styles.incomplete}>{texts.incomplete}</p> : null}
      </div>
      {!item.streaming && (item.content || item.usage || item.provenance) ? (
        <div className={styles.actions}>
          {item.content ? <CopyButton text={item.content} copiedToast={copyToast} /> : null}
          {item.usage || item.provenance ? (
            <ReplyDetails usage={item.usage} provenance={item.provenance} sources={item.sources.length} />
          ) : null}
        </div>
      ) : null}
    </div>
  ),
  notice: (item) => <Notice item={item} />,
};

function Notice({ item }: { item: Extract<ChatItem, { kind: 'notice' }> }) {
  const [, setModelKey] = useModelKey();
  const reconnect = () => {
    // A refused key of the user's own would come straight back after the reload: forget it first.
    setModelKey(null);
    window.location.reload();
  };
  return (
    <div className={styles.notice} role="alert">
      <p>
        <span aria-hidden="true">⚠️ </span>
        {item.title ? <strong>{item.title}: </strong> : null}
        {item.text}
      </p>
      {item.details?.length ? (
        <ul className={styles.details}>
          {item.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
      <p className={styles.advice}>
        {item.reconnect ? texts.reconnectAdvice : item.refused ? texts.changeAdvice : texts.retryAdvice}
      </p>
      {item.reconnect ? (
        <button type="button" className={styles.noticeAction} onClick={reconnect}>
          {texts.connect}
        </button>
      ) : null}
    </div>
  );
}

/** New lines of the conversation rise gently into place. */
const entrance = {
  initial: { opacity: 0, y: 8 },
  animate: { opacity: 1, y: 0 },
  transition: { duration: 0.2, ease: 'easeOut' },
} as const;

/** A message to bring into view and mark for a moment (a search result); a new `at` asks again. */
export type MessageFocus = { key: string; at: number };

/** How long a found message stays marked. */
const FOUND_MS = 2500;

type MessageListProps = {
  items: ChatItem[];
  focus?: MessageFocus | null;
  /** Waiting for the first token of a reply. */
  typing: boolean;
  copyToast?: AgentCopyToast;
};

/** The conversation, newest at the bottom, kept scrolled to the end while the reader is there. */
export function MessageList({ items, typing, copyToast, focus = null }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const [found, setFound] = useState<MessageFocus | null>(null);
  const shown = useRef<MessageFocus | null>(null);
  const present = focus !== null && items.some((item) => item.key === focus.key);

  // Once the message is on screen (its chat may still be loading), scroll to it, mark it and move focus there.
  useEffect(() => {
    if (!focus || !present || shown.current === focus) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(focus.key)}"]`);
    if (!element) return;
    shown.current = focus;
    pinned.current = false;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
    setFound(focus);
    const timer = setTimeout(() => setFound((current) => (current === focus ? null : current)), FOUND_MS);
    return () => clearTimeout(timer);
  }, [focus, present]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  });

  const onScroll = () => {
    const element = scroller.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
  };

  const streaming = items.some((item) => item.kind === 'assistant' && item.streaming);
  const announcement = useCompletedReplyAnnouncement(items, streaming || typing);
  return (
    <>
      <div
        ref={scroller}
        className={styles.list}
        role="log"
        aria-label={texts.label}
        aria-busy={streaming || typing}
        // Not read out as it grows (token by token): a finished reply is announced once, below.
        aria-live="off"
        tabIndex={0}
        onScroll={onScroll}
      >
        {items.map((item) => (
          <m.div
            key={item.key}
            data-key={item.key}
            // Reachable by script only: a message found by search takes the focus.
            tabIndex={-1}
            className={found?.key === item.key ? `${styles.item} ${styles.found}` : styles.item}
            // A saved reply takes the place of its streamed text: it must not appear a second time.
            initial={item.kind === 'assistant' && !item.streaming ? false : entrance.initial}
            animate={entrance.animate}
            transition={entrance.transition}
          >
            {(renderers[item.kind] as (item: ChatItem, context: RenderContext) => ReactNode)(item, { copyToast })}
          </m.div>
        ))}
        {typing ? <TypingIndicator /> : null}
      </div>
      <div role="status" className={styles.srOnly}>
        {announcement ? `${texts.assistantSaid}: ${announcement}` : ''}
      </div>
    </>
  );
}

type AssistantItem = Extract<ChatItem, { kind: 'assistant' }>;

const lastReply = (items: ChatItem[]): AssistantItem | undefined =>
  [...items].reverse().find((item): item is AssistantItem => item.kind === 'assistant' && !item.streaming);

/**
 * The text of a reply once it is complete, for a polite live region: said once, when the turn that
 * brought it ends, never token by token, and not for replies already there (a chat opened or reloaded).
 */
function useCompletedReplyAnnouncement(items: ChatItem[], inProgress: boolean): string {
  const [announcement, setAnnouncement] = useState('');
  const [shownFirst] = useState(() => lastReply(items));
  const before = useRef<{ inProgress: boolean; reply: AssistantItem | undefined }>({ inProgress, reply: shownFirst });
  useEffect(() => {
    const previous = before.current;
    if (inProgress && !previous.inProgress) {
      before.current = { inProgress, reply: lastReply(items) };
      return;
    }
    if (!inProgress && previous.inProgress) {
      const reply = lastReply(items);
      // Read as text: a screen reader would otherwise say the markdown's asterisks and hashes.
      if (reply && reply !== previous.reply && reply.content) setAnnouncement(removeMarkdown(reply.content));
    }
    before.current = { inProgress, reply: previous.reply };
  }, [items, inProgress]);
  return announcement;
}
