import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

type PageFrameProps = (
  | {
      /** The page's heading: an agent's header, in lower case. */
      title: string;
    }
  | {
      /** A header of the page's own, in place of the title. */
      header: ReactNode;
    }
) & { children: ReactNode };

/** The frame of the pages behind the access code: a surface background, a header, and the page below it. */
export function PageFrame(props: PageFrameProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {'title' in props ? <h1 className={styles.title}>{props.title}</h1> : props.header}
      </header>
      {props.children}
    </div>
  );
}
