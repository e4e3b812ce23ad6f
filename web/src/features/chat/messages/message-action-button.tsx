import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './message-action-button.module.css';

type MessageActionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & {
  ref?: Ref<HTMLButtonElement>;
};

/** A small quiet button under a message (Copy, Edit, Regenerate, Details, the version arrows). */
export function MessageActionButton(props: MessageActionButtonProps) {
  return <button type="button" className={styles.button} {...props} />;
}
