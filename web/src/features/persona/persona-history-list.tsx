import { useId } from 'react';
import type { PersonaHistoryEntry } from '../../lib/api/persona';
import { Button } from '../../components/button';
import styles from './persona-history-list.module.css';

const historyTexts = {
  heading: 'History',
  listLabel: 'Persona history',
  empty: "No persona has been applied to this chat yet: it uses the agent's default.",
  restore: 'Restore',
  inForce: 'in force',
  agentDefault: 'agent default',
} as const;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function HistoryItem({
  entry,
  current,
  disabled,
  onRestore,
}: {
  entry: PersonaHistoryEntry;
  current: boolean;
  disabled: boolean;
  onRestore: () => void;
}) {
  const describedId = useId();
  return (
    <li className={styles.item}>
      <div id={describedId} className={styles.text}>
        <time dateTime={entry.createdAt} className={styles.when}>
          {when.format(new Date(entry.createdAt))}
        </time>
        <span>
          {entry.description}
          {entry.isDefault ? ` (${historyTexts.agentDefault})` : ''}
          {current ? <strong className={styles.badge}> · {historyTexts.inForce}</strong> : null}
        </span>
      </div>
      <Button variant="action" aria-describedby={describedId} disabled={disabled} onClick={onRestore}>
        {historyTexts.restore}
      </Button>
    </li>
  );
}

/** Every persona applied to the chat, newest first, each with a way back to it. */
export function PersonaHistoryList({
  entries,
  disabled,
  onRestore,
}: {
  entries: PersonaHistoryEntry[];
  disabled: boolean;
  onRestore: (entry: PersonaHistoryEntry) => void;
}) {
  const headingId = useId();
  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.title}>
        {historyTexts.heading}
      </h3>
      {entries.length ? (
        <ul className={styles.list} aria-label={historyTexts.listLabel}>
          {entries.map((entry, index) => (
            <HistoryItem
              key={entry.id}
              entry={entry}
              current={index === 0}
              disabled={disabled}
              onRestore={() => onRestore(entry)}
            />
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{historyTexts.empty}</p>
      )}
    </section>
  );
}
