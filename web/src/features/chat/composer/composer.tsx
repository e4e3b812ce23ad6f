import { useId, useLayoutEffect, useRef, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { AgentInput } from '@mb/contracts/types/agent';
import { toast } from '../../../components/toast/toasts';
import { onItsWay, type DraftAttachment } from './attachments/attachment-draft';
import { AttachmentChips } from './attachments/attachment-chips';
import { transferFiles } from './attachments/transfer-files';
import type { AttachmentUploads } from './attachments/use-attachment-uploads';
import { ComposerStatus } from './composer-status';
import styles from './composer.module.css';
import { useDraftNote, type DraftRefusal } from './use-draft-note';
import { useQueuedSend } from './use-queued-send';
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
  failedHold: 'Remove the files that could not be uploaded to send.',
  failedWhileWaiting: (names: string[]) => `${listOf.format(names)} could not be uploaded.`,
} as const;

const listOf = new Intl.ListFormat('en', { type: 'conjunction' });
const noFiles: readonly DraftAttachment[] = [];

/** Which key press sends, per the agent's `input.send`. IME composition never sends. */
const sendKeys: Record<AgentInput['send'], (event: KeyboardEvent) => boolean> = {
  enter: (event) => event.key === 'Enter' && !event.shiftKey,
  'shift-enter': (event) => event.key === 'Enter' && event.shiftKey,
};

type AttachContext = { openPicker: () => void };

/** What the attach button does, per the agent's `input.attach`. */
const attachBehaviours: Record<AgentInput['attach'], (context: AttachContext) => void> = {
  upload: ({ openPicker }) => openPicker(),
  'append-file-name': ({ openPicker }) => openPicker(),
  'alert-not-implemented': () => window.alert(texts.notImplemented),
};

type ChosenContext = {
  files: File[];
  uploads?: AttachmentUploads;
  draft: string;
  onDraftChange: (draft: string) => void;
};

/** What becomes of the files chosen in the picker, per the agent's `input.attach`. */
const chosenBehaviours: Record<AgentInput['attach'], (context: ChosenContext) => void> = {
  upload: ({ files, uploads }) => uploads?.add(files),
  // The spec's stub: a line naming the (first) file, and a toast. Nothing is uploaded.
  'append-file-name': ({ files: [file], draft, onDraftChange }) => {
    onDraftChange(draft ? `${draft}\n${texts.attachedLine(file.name)}` : texts.attachedLine(file.name));
    toast({ title: texts.attachedTitle, description: texts.attached(file.name) });
  },
  'alert-not-implemented': () => undefined,
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
  /** The files of the message, when the agent's `input.attach` is "upload". */
  attachments?: AttachmentUploads;
  /** The last message was refused and its draft given back: why, shown beside the draft until it changes. */
  refusal?: DraftRefusal | null;
};

export function Composer(props: ComposerProps) {
  const { input, draft, onDraftChange, onSend, onStop, busy, canStop, attachments, refusal = null } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const holdId = useId();
  const noteId = useId();
  const liveId = useId();
  const refusalId = useId();
  const uploads = input.attach === 'upload' ? attachments : undefined;
  const items = uploads?.items ?? noFiles;
  const empty = draft.trim() === '' && items.length === 0;
  const note = uploads?.policy.blindNote ?? null;
  const hint = busy ? (input.busyHint ?? input.hint) : input.hint;
  const draftNote = useDraftNote(draft, items, refusal);
  const queued = useQueuedSend({
    text: draft,
    items,
    busy,
    send: () => onSend(draft),
    notSent: (failed, whileWaiting) =>
      draftNote.show({ reason: whileWaiting ? texts.failedWhileWaiting(failed) : texts.failedHold, announce: true }),
  });
  /** A file that could not be uploaded holds Send until it is removed. */
  const failed = queued.step === 'failed';
  const waitingFor = queued.waiting ? items.filter(onItsWay).length : null;
  const describedBy = [
    queued.waiting || draftNote.note?.announce ? liveId : null,
    !queued.waiting && draftNote.note && !draftNote.note.announce ? refusalId : null,
    hint ? hintId : null,
  ].filter(Boolean);

  // Grow with the text between the agent's minimum and maximum heights.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    const wanted = Math.max(element.scrollHeight + 2, input.minHeight);
    element.style.height = `${input.maxHeight ? Math.min(wanted, input.maxHeight) : wanted}px`;
  }, [draft, input.minHeight, input.maxHeight]);

  const cancel = () => {
    queued.cancel();
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (queued.waiting && event.key === 'Escape') {
      // Before the chat's own Escape (stop a reply), which leaves an event already handled alone.
      event.preventDefault();
      return cancel();
    }
    if (!sendKeys[input.send](event)) return;
    event.preventDefault();
    queued.request();
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    chosenBehaviours[input.attach]({ files, uploads, draft, onDraftChange });
    area.current?.focus();
  };

  /** Files pasted into the text area are attached; a paste of text stays the browser's. */
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!uploads) return;
    const files = transferFiles(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    uploads.add(files);
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        queued.request();
      }}
    >
      {uploads ? <AttachmentChips uploads={uploads} onAllRemoved={() => area.current?.focus()} /> : null}
      {note ? (
        <p id={noteId} className={styles.note}>
          {note}
        </p>
      ) : null}
      <ComposerStatus
        waitingFor={waitingFor}
        note={draftNote.note}
        onCancel={cancel}
        liveId={liveId}
        noteId={refusalId}
      />
      <div className={styles.row}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={texts.attach}
          aria-describedby={note ? noteId : undefined}
          disabled={uploads?.policy.kinds.length === 0}
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
          multiple={uploads ? true : undefined}
          accept={uploads?.policy.accept}
          onChange={onFileChosen}
        />
        <textarea
          ref={area}
          className={styles.textarea}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          readOnly={queued.waiting}
          placeholder={input.placeholder}
          aria-label={texts.messageLabel}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
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
            aria-describedby={failed ? holdId : queued.waiting ? liveId : undefined}
            title={failed ? texts.failedHold : undefined}
            // Pressed already: it stays where it is (and keeps the focus) while the message waits for its files.
            aria-disabled={queued.waiting || undefined}
            disabled={empty || busy || failed}
          >
            <StrokeIcon size={18} strokeWidth={2.2}>
              <path d="M22 2 11 13" />
              <path d="M22 2 15 22l-4-9-9-4 20-7z" />
            </StrokeIcon>
          </button>
        )}
        {failed ? (
          <span id={holdId} hidden>
            {texts.failedHold}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint} aria-live="polite">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
