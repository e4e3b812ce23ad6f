import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { PersonaChanges, TextPart } from '../../../lib/api/persona';
import styles from './persona-changes-view.module.css';

type Priority = PersonaChanges['guidelines']['added'][number]['priority'];

/** Colour and line style show a change at a glance; the hidden words say it to those who cannot see them. */
const Added = ({ children }: { children: ReactNode }) => (
  <ins className={styles.added}>
    <VisuallyHidden>added: </VisuallyHidden>
    {children}
  </ins>
);

const Removed = ({ children }: { children: ReactNode }) => (
  <del className={styles.removed}>
    <VisuallyHidden>removed: </VisuallyHidden>
    {children}
  </del>
);

const partViews: Record<TextPart['type'], (text: string) => ReactNode> = {
  same: (text) => text,
  added: (text) => <Added>{text}</Added>,
  removed: (text) => <Removed>{text}</Removed>,
};

export function WordChanges({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>{partViews[part.type](part.text)}</span>
      ))}
    </>
  );
}

const priorityText = (priority: Priority) => `priority ${priority}`;

function Group({ title, items }: { title: string; items: ReactNode[] }) {
  if (!items.length) return null;
  return (
    <section className={styles.group}>
      <h4 className={styles.groupTitle}>{title}</h4>
      <ul className={styles.items}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** How the chat's persona differs from the agent's default, for reading: the server's structured comparison. */
export function PersonaChangesView({ changes }: { changes: PersonaChanges }) {
  if (changes.summary === 'no changes') {
    return <p className={styles.none}>This chat uses the agent&apos;s default persona: nothing differs.</p>;
  }
  const { role, domains, guidelines } = changes;
  return (
    <div className={styles.changes}>
      <p className={styles.summary}>Against the agent&apos;s default: {changes.summary}.</p>
      {role.changed ? (
        <section className={styles.group}>
          <h4 className={styles.groupTitle}>Role description</h4>
          <p className={styles.text}>
            <WordChanges parts={role.parts} />
          </p>
        </section>
      ) : null}
      <Group
        title="Domains"
        items={[
          ...domains.added.map((domain) => (
            <Added key={domain.title}>
              <strong>{domain.title}</strong>: {domain.description}
            </Added>
          )),
          ...domains.removed.map((domain) => (
            <Removed key={domain.title}>
              <strong>{domain.title}</strong>: {domain.description}
            </Removed>
          )),
          ...domains.changed.map((domain) => (
            <span key={domain.title}>
              <strong>{domain.title}</strong> (changed): <WordChanges parts={domain.description} />
            </span>
          )),
        ]}
      />
      <Group
        title="Response guidelines"
        items={[
          ...guidelines.added.map((guideline) => (
            <Added key={guideline.content}>
              {guideline.content} ({priorityText(guideline.priority)})
            </Added>
          )),
          ...guidelines.removed.map((guideline) => (
            <Removed key={guideline.content}>
              {guideline.content} ({priorityText(guideline.priority)})
            </Removed>
          )),
          ...guidelines.changed.map((guideline) => (
            <span key={guideline.content}>
              {guideline.content} (priority changed from <Removed>{String(guideline.from)}</Removed> to{' '}
              <Added>{String(guideline.to)}</Added>)
            </span>
          )),
        ]}
      />
    </div>
  );
}
