import type { MessageSource } from '@mb/contracts/types/wire/chat-message';
import { webHref } from '../../../lib/web-link';
import styles from './message-sources.module.css';

const texts = { sources: 'Sources' } as const;

/** The web pages a reply drew on, as links; a source whose link is not a web address shows its title as plain text. */
export function MessageSources({ sources }: { sources: MessageSource[] }) {
  return (
    <nav className={styles.sources} aria-label={texts.sources}>
      <p className={styles.title}>{texts.sources}</p>
      <ol>
        {sources.map((source, index) => {
          const href = webHref(source.link);
          return (
            <li key={`${index}:${source.link}`}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {source.title}
                </a>
              ) : (
                <span>{source.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
