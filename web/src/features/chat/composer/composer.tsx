import { useId, useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import type { AgentInput } from '@mb/contracts/types/agent';
import { toast } from '../../../components/toast/toast-store';
import styles from './composer.module.css';
import { StrokeIcon } from '../../../components/stroke-icon';

const texts = {
  messageLabel: 'Message',
  send: 'Send message',
  stop: 'Stop generating',
  attach: 'Attach a file',
  notImplemented: 'File upload is not yet implemented',
  attachedTitle: 'File Attached',
  attached: (file: string) => `File "${file}" attached to your message.`,
  attachedLine: (file: string) => `[Attached file: ${file}]`,
} as const;

/** Which key press sends, per the agent's `input.send`. IME composition never sends. */
const sendKeys: Record<AgentInput['send'], (event: KeyboardEvent) => boolean> = {
  enter: (event) => event.key === 'Enter' && !event.shiftKey,
  'shift-enter': (event) => event.key === 'Enter' && event.shiftKey,
};

type AttachContext = { openPicker: () => void };

/** What the attach button does, per the agent's `input.attach`. Nothing is ever uploaded. */
const attachBehaviours: Record<AgentInput['attach'], (context: AttachContext) => void> = {
  'append-file-name': ({ openPicker }) => openPicker(),
  'alert-not-implemented': () => window.alert(texts.notImplemented),
};

type ComposerProps = {
  input: AgentInput;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  busy: boolean;
  /** A reply can be stopped (it is running on the server). */
  canStop: boolean;
};

export function Composer({ input, draft, onDraftChange, onSend, onStop, busy, canStop }: ComposerProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const empty = draft.trim() === '';

  // Grow with the text between the agent's minimum and maximum heights.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    const wanted = Math.max(element.scrollHeight + 2, input.minHeight);
    element.style.height = `${input.maxHeight ? Math.min(wanted, input.maxHeight) : wanted}px`;
  }, [draft, input.minHeight, input.maxHeight]);

  const send = () => {
    if (empty || busy) return;
    onSend(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || !sendKeys[input.send](event)) return;
    event.preventDefault();
    send();
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    onDraftChange(draft ? `${draft}\n${texts.attachedLine(file.name)}` : texts.attachedLine(file.name));
    toast({ title: texts.attachedTitle, description: texts.attached(file.name) });
    area.current?.focus();
  };

  const hint = busy ? (input.busyHint ?? input.hint) : input.hint;
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className={styles.row}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={texts.attach}
          onClick={() => attachBehaviours[input.attach]({ openPicker: () => picker.current?.click() })}
        >
          <StrokeIcon size={20}>
            <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
          </StrokeIcon>
        </button>
        <input
          ref={picker}
          type="file"
          className={styles.picker}
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFileChosen}
        />
        <textarea
          ref={area}
          className={styles.textarea}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={input.placeholder}
          aria-label={texts.messageLabel}
          aria-describedby={hint ? hintId : undefined}
          rows={input.rows ?? 1}
          style={{ minHeight: input.minHeight, maxHeight: input.maxHeight }}
        />
        {busy && canStop ? (
          <button
            type="button"
            className={`${styles.iconButton} ${styles.stop}`}
            aria-label={texts.stop}
            onClick={onStop}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
              <rect x="5" y="5" width="14" height="14" rx="2" />
            </svg>
          </button>
        ) : (
          <button
            type="submit"
            className={`${styles.iconButton} ${styles.send}`}
            aria-label={texts.send}
            disabled={empty || busy}
          >
            <StrokeIcon size={18} strokeWidth={2.2}>
              <path d="M22 2 11 13" />
              <path d="M22 2 15 22l-4-9-9-4 20-7z" />
            </StrokeIcon>
          </button>
        )}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint} aria-live="polite">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
