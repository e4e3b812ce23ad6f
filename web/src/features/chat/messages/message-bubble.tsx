import type { HTMLAttributes } from 'react';
import styles from './message-bubble.module.css';

type MessageBubbleProps = Omit<HTMLAttributes<HTMLDivElement>, 'className'> & {
  /** The user's bubble is blue on the right; the assistant's grey on the left. */
  speaker: 'user' | 'assistant';
};

/** What one side of the conversation said, in its bubble. */
export function MessageBubble({ speaker, ...rest }: MessageBubbleProps) {
  return <div className={`${styles.bubble} ${styles[speaker]}`} {...rest} />;
}
