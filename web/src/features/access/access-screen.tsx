import type { ReactNode } from 'react';
import styles from './access-screen.module.css';

/** A page of the access feature's own, its content in the middle of the screen. */
export function AccessScreen({ children }: { children: ReactNode }) {
  return <main className={styles.screen}>{children}</main>;
}
