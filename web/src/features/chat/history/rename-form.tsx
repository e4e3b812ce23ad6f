import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SessionActionButton } from './session-action-button';
import styles from './rename-form.module.css';

export const MAX_TITLE_LENGTH = 200;
const blankMessage = 'The title cannot be blank.';

type RenameFormProps = {
  title: string;
  busy: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
};

/** The title as an input: Enter saves, Escape cancels, a blank title is refused with a message. */
export function RenameForm({ title, busy, onSave, onCancel }: RenameFormProps) {
  const [value, setValue] = useState(title);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // The user asked to rename: the input is where they meant to go, with the title selected.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = value.trim();
    if (!next) {
      setProblem(blankMessage);
      return;
    }
    if (next === title) onCancel();
    else onSave(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        <input
          className={styles.input}
          aria-label="Chat title"
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          aria-invalid={problem ? true : undefined}
          ref={inputRef}
          maxLength={MAX_TITLE_LENGTH}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (problem && event.target.value.trim()) setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <SessionActionButton type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Saving...' : 'Save'}
        </SessionActionButton>
        <SessionActionButton onClick={onCancel}>Cancel</SessionActionButton>
      </div>
      <span id={hintId} className={styles.hint}>
        Enter saves, Escape cancels.
      </span>
      {problem ? (
        <span id={errorId} className={styles.error} role="alert">
          {problem}
        </span>
      ) : null}
    </form>
  );
}
