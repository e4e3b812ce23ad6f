import { m } from 'framer-motion';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { AgentCopyToast } from '../../../../../schemas/types/agent';
import { useModelKey } from '../../../lib/model-key';
import type { ChatItem } from '../conversation/conversation-state';
import { CopyButton } from './copy-button';
import { Markdown } from './markdown';
import { ReplyDetails } from './reply-details';
import { TypingIndicator } from './typing-indicator';
import styles from './message-list.module.css';

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

type MessageListProps = {
  items: ChatItem[];
  /** Waiting for the first token of a reply. */
  typing: boolean;
  copyToast?: AgentCopyToast;
};

/** The conversation, newest at the bottom, kept scrolled to the end while the reader is there. */
export function MessageList({ items, typing, copyToast }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  });

  const onScroll = () => {
    const element = scroller.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
  };

  const streaming = items.some((item) => item.kind === 'assistant' && item.streaming);
  return (
    <div
      ref={scroller}
      className={styles.list}
      role="log"
      aria-label={texts.label}
      aria-busy={streaming || typing}
      tabIndex={0}
      onScroll={onScroll}
    >
      {items.map((item) => (
        <m.div
          key={item.key}
          className={styles.item}
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
  );
}
