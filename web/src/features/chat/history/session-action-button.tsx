import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './session-action-button.module.css';

type SessionActionButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  /** 'danger' for Delete, 'go' for the entry's way into its chat. */
  tone?: 'plain' | 'danger' | 'go';
};

/** A small outlined button of a history entry (Summarize, Rename, Pin, Export, Delete, Continue Chat). */
export function SessionActionButton({ tone = 'plain', className, type = 'button', ...rest }: SessionActionButtonProps) {
  const classes = [styles.action, styles[tone], className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
