import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/**
 * Content for assistive technology only: read aloud, not painted. As a live region (role 'status') it is a
 * block of its own, read out whenever its text changes.
 */
export function VisuallyHidden({ children, role }: { children: ReactNode; role?: 'status' }) {
  if (role) {
    return (
      <div role={role} className={styles.hidden}>
        {children}
      </div>
    );
  }
  return <span className={styles.hidden}>{children}</span>;
}
