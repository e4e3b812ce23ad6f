import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Content for assistive technology only: read aloud, not painted. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
