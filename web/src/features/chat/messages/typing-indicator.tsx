import { MessageBubble } from './message-bubble';
import styles from './typing-indicator.module.css';

/** Three bouncing dots while the assistant is working on a reply. */
export function TypingIndicator() {
  return (
    <div className={styles.row}>
      <MessageBubble speaker="assistant" role="status" aria-label="Assistant is typing">
        <span className={styles.dots}>
          <span className={styles.dot} />
          <span className={styles.dot} />
          <span className={styles.dot} />
        </span>
      </MessageBubble>
    </div>
  );
}
