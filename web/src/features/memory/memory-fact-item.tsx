import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import type { MemoryFactView } from '../../lib/api/agent-memory';
import { memoryTexts, sourceText } from './memory-texts';
import styles from './memory-fact-item.module.css';

type MemoryFactItemProps = {
  fact: MemoryFactView;
  maxChars: number;
  /** Another change is under way: the fact's buttons wait. */
  busy: boolean;
  /** Saves the new text; resolves true once saved (false: refused, the field stays open). */
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
  onOpenChat: (sessionId: string) => void;
};

/**
 * One remembered fact: its text, where it came from (the chat, opened from here, when the viewer may open it), and
 * Edit and Delete. Edit turns the text into a field in place: Enter saves, Escape cancels, and the focus comes back
 * to Edit either way.
 */
export function MemoryFactItem({ fact, maxChars, busy, onSave, onDelete, onOpenChat }: MemoryFactItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const editing = draft !== null;
  const backToEdit = useRef(false);

  useEffect(() => {
    const field = fieldRef.current;
    if (!editing || !field) return;
    field.focus();
    // Escape cancels the edit, not the panel: stopped on the field itself, before the dialog hears it.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
      backToEdit.current = true;
    };
    field.addEventListener('keydown', onEscape);
    return () => field.removeEventListener('keydown', onEscape);
  }, [editing]);

  useEffect(() => {
    if (!editing && backToEdit.current) {
      editRef.current?.focus();
      backToEdit.current = false;
    }
  }, [editing]);

  const stop = () => {
    setDraft(null);
    backToEdit.current = true;
  };

  const save = async () => {
    if (draft === null || busy) return;
    const text = draft.trim();
    if (text === fact.text) return stop();
    if (await onSave(text)) stop();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };

  const { source } = fact;
  return (
    <li className={styles.fact}>
      {editing ? (
        <div className={styles.editor}>
          <TextField
            ref={fieldRef}
            aria-label={memoryTexts.editLabel}
            aria-describedby={hintId}
            value={draft}
            maxLength={maxChars}
            disabled={busy}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <p id={hintId} className={styles.hint}>
            {memoryTexts.editHint}
          </p>
        </div>
      ) : (
        <p className={styles.text}>{fact.text}</p>
      )}
      <p className={styles.source}>
        {sourceText(source)}
        {source.kind === 'chat' ? (
          <>
            {' '}
            <button
              type="button"
              className={styles.chatLink}
              aria-label={memoryTexts.openChat(source.title)}
              onClick={() => onOpenChat(source.sessionId)}
            >
              “{source.title}”
            </button>
          </>
        ) : null}
      </p>
      <div className={styles.actions}>
        {editing ? (
          <>
            <Button variant="compact" disabled={busy} onClick={() => void save()}>
              {memoryTexts.save}
            </Button>
            <Button variant="compact" onClick={stop}>
              {memoryTexts.cancel}
            </Button>
          </>
        ) : (
          <>
            <Button
              ref={editRef}
              variant="compact"
              aria-label={memoryTexts.editFact(fact.text)}
              disabled={busy}
              onClick={() => setDraft(fact.text)}
            >
              {memoryTexts.edit}
            </Button>
            <Button variant="compact" aria-label={memoryTexts.deleteFact(fact.text)} disabled={busy} onClick={onDelete}>
              {memoryTexts.delete}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
