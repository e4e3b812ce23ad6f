import { useId } from 'react';
import type { PersonaHistoryEntry } from '../../lib/api/persona';
import styles from './persona-dialog.module.css';

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
    <li className={styles.historyItem}>
      <div id={describedId} className={styles.historyText}>
        <time dateTime={entry.createdAt} className={styles.historyWhen}>
          {when.format(new Date(entry.createdAt))}
        </time>
        <span>
          {entry.description}
          {entry.isDefault ? ` (${historyTexts.agentDefault})` : ''}
          {current ? <strong className={styles.badge}> · {historyTexts.inForce}</strong> : null}
        </span>
      </div>
      <button
        type="button"
        className={styles.secondary}
        aria-describedby={describedId}
        disabled={disabled}
        onClick={onRestore}
      >
        {historyTexts.restore}
      </button>
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
      <h3 id={headingId} className={styles.sectionTitle}>
        {historyTexts.heading}
      </h3>
      {entries.length ? (
        <ul className={styles.historyList} aria-label={historyTexts.listLabel}>
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
        <p className={styles.note}>{historyTexts.empty}</p>
      )}
    </section>
  );
}
