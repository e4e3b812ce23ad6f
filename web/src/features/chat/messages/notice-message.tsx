import { useModelKey } from '../../../lib/model-key';
import type { ChatItem } from '../chat-item';
import styles from './notice-message.module.css';

const texts = {
  connect: 'Connect OpenAI',
  reconnectAdvice: 'Reconnect with a valid key, then send your message again.',
  retryAdvice: 'Please try again.',
  changeAdvice: 'Change your message, then send it again.',
} as const;

/** A failure shown in the chat, with what to do about it (reconnecting, for a refused key). */
export function NoticeMessage({ item }: { item: Extract<ChatItem, { kind: 'notice' }> }) {
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
        <button type="button" className={styles.action} onClick={reconnect}>
          {texts.connect}
        </button>
      ) : null}
    </div>
  );
}
