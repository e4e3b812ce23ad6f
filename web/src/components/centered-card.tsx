import { useId, type ReactNode } from 'react';
import { Card } from './card';
import styles from './centered-card.module.css';

type CenteredCardProps = {
  title: string;
  /** Decorative mark shown before the title (hidden from assistive technology). */
  icon?: ReactNode;
  children: ReactNode;
};

/** A full-height page holding one centred card whose title is the page heading. */
export function CenteredCard({ title, icon, children }: CenteredCardProps) {
  const titleId = useId();
  return (
    <main className={styles.page}>
      <Card as="section" className={styles.card} aria-labelledby={titleId}>
        <div className={styles.header}>
          {icon ? (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
        </div>
        <div className={styles.body}>{children}</div>
      </Card>
    </main>
  );
}
