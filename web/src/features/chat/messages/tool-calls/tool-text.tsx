import { useScrollFocus } from '../../../../lib/use-scroll-focus';
import styles from './tool-text.module.css';

/**
 * A tool's arguments, result or error as plain text: what a tool answers is untrusted, so it is never
 * read as markdown or HTML (no image loads, no link opens). Long text wraps, and a tall one scrolls in its box.
 */
export function ToolText({ text, failure = false }: { text: string; failure?: boolean }) {
  const scrollFocus = useScrollFocus<HTMLPreElement>();
  return (
    <pre ref={scrollFocus} className={failure ? `${styles.text} ${styles.failureText}` : styles.text}>
      {text}
    </pre>
  );
}
