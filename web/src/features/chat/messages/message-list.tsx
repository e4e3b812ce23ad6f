import { m } from 'framer-motion';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { AgentCopyToast } from '@mb/contracts/types/agent';
import { useModelKey } from '../../../lib/model-key';
import { lastExchange, type ChatItem, type LastExchange } from '../conversation/conversation-state';
import { StrokeIcon } from '../../../components/stroke-icon';
import { MessageEditor } from './message-editor';
import { VersionSwitcher } from './version-switcher';
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

/** Regenerate, Edit message and the version switcher of the chat's last exchange. */
export type ExchangeActions = {
  /** False while a reply is written or another version is on its way: the actions are hidden or disabled. */
  enabled: boolean;
  onRegenerate: () => void;
  onEdit: (content: string) => void;
  onShowVersion: (version: number) => void;
};

/** What a renderer may need beyond its item: the agent's own wording, and the last exchange's actions. */
type RenderContext = {
  copyToast?: AgentCopyToast;
  exchange: LastExchange | null;
  actions?: ExchangeActions;
  /** Shows a version and gives the focus back to the button used (the exchange's messages are replaced). */
  showVersion: (version: number, from: string) => void;
};

const exchangeTexts = { edit: 'Edit', editLabel: 'Edit message', regenerate: 'Regenerate' } as const;

function Versions({ context }: { context: RenderContext }) {
  const versions = context.exchange?.versions;
  if (!versions || !context.actions) return null;
  return <VersionSwitcher versions={versions} disabled={!context.actions.enabled} onShow={context.showVersion} />;
}

function UserMessage({ item, context }: { item: Extract<ChatItem, { kind: 'user' }>; context: RenderContext }) {
  const [editing, setEditing] = useState(false);
  /** Set on Cancel: the focus goes back to 'Edit message'. */
  const refocus = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { exchange, actions } = context;
  const last = exchange?.user.key === item.key;
  const canEdit = last && actions?.enabled === true;

  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  if (editing && canEdit) {
    return (
      <div className={styles.userRow}>
        <MessageEditor
          initial={item.content}
          onCancel={() => {
            refocus.current = true;
            setEditing(false);
          }}
          onSend={(content) => {
            setEditing(false);
            actions.onEdit(content);
          }}
        />
      </div>
    );
  }
  return (
    <div className={styles.userRow}>
      <div className={`${styles.bubble} ${styles.user}`} data-message-role="user">
        <span className={styles.srOnly}>{texts.youSaid}: </span>
        <p className={styles.plain}>{item.content}</p>
      </div>
      {canEdit || (last && !exchange.reply && exchange.versions && actions?.enabled) ? (
        <div className={styles.actions}>
          {canEdit ? (
            <button
              ref={editButton}
              type="button"
              className={styles.copy}
              data-exchange-action="edit"
              aria-label={exchangeTexts.editLabel}
              onClick={() => setEditing(true)}
            >
              <StrokeIcon size={14}>
                <path d="M12 20h9" />
                <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
              </StrokeIcon>
              <span>{exchangeTexts.edit}</span>
            </button>
          ) : null}
          {exchange?.reply ? null : <Versions context={context} />}
        </div>
      ) : null}
    </div>
  );
}

type Renderers = {
  [K in ChatItem['kind']]: (item: Extract<ChatItem, { kind: K }>, context: RenderContext) => ReactNode;
};

const renderers: Renderers = {
  user: (item, context) => <UserMessage item={item} context={context} />,
  assistant: (item, context) => (
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
          {item.content ? <CopyButton text={item.content} copiedToast={context.copyToast} /> : null}
          {context.exchange?.reply?.key === item.key && context.actions?.enabled ? (
            <button
              type="button"
              className={styles.copy}
              data-exchange-action="regenerate"
              onClick={context.actions.onRegenerate}
            >
              <StrokeIcon size={14}>
                <path d="M21 12a9 9 0 1 1-2.64-6.36" />
                <polyline points="21 3 21 9 15 9" />
              </StrokeIcon>
              <span>{exchangeTexts.regenerate}</span>
            </button>
          ) : null}
          {context.exchange?.reply?.key === item.key ? <Versions context={context} /> : null}
          {item.usage || item.provenance ? (
            <ReplyDetails usage={item.usage} provenance={item.provenance} sources={item.sources.length} />
          ) : null}
        </div>
      ) : null}
    </div>
  ),
  notice: (item) => <Notice item={item} />,
};

function ItemView({ item, context }: { item: ChatItem; context: RenderContext }) {
  return (renderers[item.kind] as (item: ChatItem, context: RenderContext) => ReactNode)(item, context);
}

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
  /** Regenerate, Edit message and the versions of the last exchange; absent, none are offered. */
  exchangeActions?: ExchangeActions;
};

/** The conversation, newest at the bottom, kept scrolled to the end while the reader is there. */
export function MessageList({ items, typing, copyToast, focus = null, exchangeActions }: MessageListProps) {
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

  // A version shown takes the place of the exchange's messages: the focus goes back to the arrow used.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const label = refocus.current;
    if (!label) return;
    const buttons = [
      ...(scroller.current?.querySelectorAll<HTMLButtonElement>('[data-version-switcher] button') ?? []),
    ];
    const target =
      buttons.find((button) => button.getAttribute('aria-label') === label && !button.disabled) ??
      buttons.find((button) => !button.disabled);
    if (!target) return;
    refocus.current = null;
    target.focus();
  }, [items, exchangeActions?.enabled]);

  // Regenerate and Save and send take their buttons away while the reply is written: once it is over, the
  // focus returns to the same action of the new exchange (else to its versions), not to the page's start.
  const afterAction = useRef<{ action: 'regenerate' | 'edit'; underway: boolean } | null>(null);
  useEffect(() => {
    const pending = afterAction.current;
    if (!pending) return;
    if (!exchangeActions?.enabled) {
      pending.underway = true;
      return;
    }
    if (!pending.underway) return;
    const { action } = pending;
    afterAction.current = null;
    const target =
      scroller.current?.querySelector<HTMLButtonElement>(`[data-exchange-action="${action}"]`) ??
      scroller.current?.querySelector<HTMLButtonElement>('[data-version-switcher] button:not(:disabled)');
    target?.focus();
  }, [items, exchangeActions?.enabled]);
  const actions: ExchangeActions | undefined = exchangeActions && {
    ...exchangeActions,
    onRegenerate: () => {
      afterAction.current = { action: 'regenerate', underway: false };
      exchangeActions.onRegenerate();
    },
    onEdit: (content) => {
      afterAction.current = { action: 'edit', underway: false };
      exchangeActions.onEdit(content);
    },
  };

  const onShowVersion = exchangeActions?.onShowVersion;
  const showVersion = useCallback(
    (version: number, from: string) => {
      refocus.current = from;
      onShowVersion?.(version);
    },
    [onShowVersion],
  );
  const context: RenderContext = {
    copyToast,
    exchange: lastExchange(items),
    actions,
    showVersion,
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
            <ItemView item={item} context={context} />
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
