import type { ReactNode } from 'react';
import styles from './message-actions.module.css';

/** The row of buttons under a message, as wide as its bubble may be. */
export function MessageActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
