import { useId } from 'react';
import type { KnowledgeSource } from '@mb/contracts/types/wire/chat-message';
import { baseName } from '../../../lib/base-name';
import styles from './knowledge-sources.module.css';

export const knowledgeSourceTexts = {
  sources: 'Sources',
  passage: 'The passage the model was given:',
} as const;

/** "survey.pdf, page 212": the file as a user names it, and where in it. */
export const sourceLabel = (source: Pick<KnowledgeSource, 'file' | 'where'>) =>
  source.where ? `${baseName(source.file)}, ${source.where}` : baseName(source.file);

/**
 * The passages of the agent's knowledge files a reply drew on most, best first: each names its file and where
 * in it, and opens (a native disclosure) onto the text the model was given.
 */
export function KnowledgeSources({ sources }: { sources: KnowledgeSource[] }) {
  const titleId = useId();
  return (
    <div className={styles.sources}>
      <p id={titleId} className={styles.title}>
        {knowledgeSourceTexts.sources}
      </p>
      <ol aria-labelledby={titleId} className={styles.list}>
        {sources.map((source, index) => (
          <li key={`${index}:${source.file}:${source.where}`}>
            <details className={styles.source}>
              <summary className={styles.summary} title={source.file}>
                {sourceLabel(source)}
              </summary>
              <div className={styles.passage}>
                <p className={styles.passageLead}>{knowledgeSourceTexts.passage}</p>
                <blockquote className={styles.text}>{source.text}</blockquote>
              </div>
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
