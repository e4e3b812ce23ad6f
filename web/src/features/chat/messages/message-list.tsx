import { m } from 'framer-motion';
import { useRef } from 'react';
import type { AgentCopyToast } from '@mb/contracts/types/agent';
import type { ChatItem } from '../chat-item';
import { lastExchange } from '../conversation/conversation-state';
import { ChatItemView } from './chat-item-view';
import type { ExchangeActions, MessageContext } from './message-context';
import { ReplyAnnouncement } from './reply-announcement';
import { noCallWaits, type DecideToolCall } from './tool-calls/decide-tool-call';
import { useToolCallFocus } from './tool-calls/tool-call-focus';
import { ToolPromptAnnouncement } from './tool-calls/tool-prompt-announcement';
import { TypingIndicator } from './typing-indicator';
import { useExchangeFocusReturn } from './use-exchange-focus-return';
import { useFoundMessage, type MessageFocus } from './use-found-message';
import { useScrollPinning } from './use-scroll-pinning';
import styles from './message-list.module.css';

const texts = { label: 'Conversation' } as const;

/** New lines of the conversation rise gently into place. */
const entrance = {
  initial: { opacity: 0, y: 8 },
  animate: { opacity: 1, y: 0 },
  transition: { duration: 0.2, ease: 'easeOut' },
} as const;

type MessageListProps = {
  items: ChatItem[];
  focus?: MessageFocus | null;
  /** Waiting for the first token of a reply. */
  typing: boolean;
  copyToast?: AgentCopyToast;
  /** Regenerate, Edit message and the versions of the last exchange; absent, none are offered. */
  exchangeActions?: ExchangeActions;
  /** Sends the user's Allow or Deny of a tool call; absent, no call is taken as waiting. */
  onToolDecision?: DecideToolCall;
};

/** The conversation, newest at the bottom, kept scrolled to the end while the reader is there. */
export function MessageList({
  items,
  typing,
  copyToast,
  focus = null,
  exchangeActions,
  onToolDecision = noCallWaits,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { onScroll, unpin } = useScrollPinning(scroller);
  const found = useFoundMessage(scroller, items, focus, unpin);
  const { actions, showVersion } = useExchangeFocusReturn(scroller, items, exchangeActions);
  const toolCallFocus = useToolCallFocus();
  const context: MessageContext = {
    copyToast,
    exchange: lastExchange(items),
    actions,
    showVersion,
    decideToolCall: onToolDecision,
    toolCallFocus,
  };
  const streaming = items.some((item) => item.kind === 'assistant' && item.streaming);
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
            <ChatItemView item={item} context={context} />
          </m.div>
        ))}
        {typing ? <TypingIndicator /> : null}
      </div>
      <ReplyAnnouncement items={items} inProgress={streaming || typing} />
      <ToolPromptAnnouncement items={items} />
    </>
  );
}
