import type { ReactNode } from 'react';
import { ToolText } from './tool-text';
import styles from './tool-call-fields.module.css';

/** What a call was given and what came of it, one term a row. */
export function ToolCallFields({ children }: { children: ReactNode }) {
  return <dl className={styles.fields}>{children}</dl>;
}

/** One row: the tool's own text (arguments, result, error), or a note in our words. */
export function ToolCallField({
  term,
  text,
  note,
  failure,
}: {
  term: string;
  text?: string;
  note?: string;
  failure?: boolean;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{text !== undefined ? <ToolText text={text} failure={failure} /> : note}</dd>
    </div>
  );
}
