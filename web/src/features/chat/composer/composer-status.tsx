import type { DraftNote } from './use-draft-note';
import styles from './composer-status.module.css';

export const statusTexts = {
  waiting: (files: number) => (files === 1 ? 'Sending when the upload finishes…' : 'Sending when the uploads finish…'),
  cancel: 'Cancel',
  notSent: 'Not sent.',
} as const;

type ComposerStatusProps = {
  /** How many files a message sent is waiting for (null: none is waiting). */
  waitingFor: number | null;
  note: DraftNote | null;
  onCancel: () => void;
  liveId: string;
  noteId: string;
};

function NotSent({ reason }: { reason: string }) {
  return (
    <>
      <strong>{statusTexts.notSent}</strong> {reason}
    </>
  );
}

/**
 * Above the text area: a message waiting for its files (with Cancel), or why the draft was not sent. The
 * live region is always in the page, so what appears in it is read out; a refusal already reported by the
 * agent's error style is shown beside it, not read out twice.
 */
export function ComposerStatus({ waitingFor, note, onCancel, liveId, noteId }: ComposerStatusProps) {
  const waiting = waitingFor !== null;
  const quiet = !waiting && note && !note.announce ? note : null;
  const live = waiting ? statusTexts.waiting(waitingFor) : note?.announce ? <NotSent reason={note.reason} /> : null;
  return (
    <div className={live || quiet ? styles.status : undefined} data-tone={waiting ? 'waiting' : 'not-sent'}>
      <p id={liveId} role="status" className={styles.text}>
        {live}
      </p>
      {quiet ? (
        <p id={noteId} className={styles.text}>
          <NotSent reason={quiet.reason} />
        </p>
      ) : null}
      {waiting ? (
        <button type="button" className={styles.cancel} onClick={onCancel}>
          {statusTexts.cancel}
        </button>
      ) : null}
    </div>
  );
}
