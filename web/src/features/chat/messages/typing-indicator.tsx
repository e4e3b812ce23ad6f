import styles from './message-list.module.css';

/** Three bouncing dots while the assistant is working on a reply. */
export function TypingIndicator() {
  return (
    <div className={styles.assistantRow}>
      <div
        className={`${styles.bubble} ${styles.assistant} ${styles.typing}`}
        role="status"
        aria-label="Assistant is typing"
      >
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.dot} />
      </div>
    </div>
  );
}
