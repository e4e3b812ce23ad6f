import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styles from './message-editor.module.css';

export const editorTexts = {
  label: 'Edited message',
  send: 'Save and send',
  cancel: 'Cancel',
  hint: 'Ctrl+Enter sends, Escape cancels.',
} as const;

type MessageEditorProps = {
  initial: string;
  onSend: (content: string) => void;
  onCancel: () => void;
};

/** Edit message: the last user message in a text box, sent again as a new version of the exchange. */
export function MessageEditor({ initial, onSend, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initial);
  const box = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const blank = !text.trim();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      // Handled here: the page's Escape (stop a reply) must not see it.
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !blank) {
      event.preventDefault();
      onSend(text);
    }
  };

  return (
    <form
      className={styles.editor}
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) onSend(text);
      }}
    >
      <textarea
        ref={box}
        className={styles.box}
        aria-label={editorTexts.label}
        aria-describedby={hintId}
        value={text}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className={styles.hint}>
        {editorTexts.hint}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          {editorTexts.cancel}
        </button>
        <button type="submit" className={styles.send} disabled={blank}>
          {editorTexts.send}
        </button>
      </div>
    </form>
  );
}
