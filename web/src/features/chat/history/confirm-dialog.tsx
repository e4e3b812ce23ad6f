import { useEffect, useId, useRef, type MouseEvent } from 'react';
import styles from './confirm-dialog.module.css';

type ConfirmDialogProps = {
  /** The question, read as the dialog's name. */
  message: string;
  /** What is about to be affected (e.g. the session title), read as the dialog's description. */
  detail?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

const confirmed = 'confirm';

/**
 * A native modal dialog, opened as soon as it mounts: the page behind is inert, focus starts on
 * Cancel (the safe choice) and goes back to the opener on close. Escape, Cancel and a click on the
 * backdrop all cancel. Mount it only while the question is asked.
 */
export function ConfirmDialog({ message, detail, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const messageId = useId();
  const detailId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    // StrictMode runs this twice; closing in a cleanup would report a cancel, so only open once.
    if (!dialog || dialog.open) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    cancelRef.current?.focus();
  }, []);

  const close = (returnValue?: string) => dialogRef.current?.close(returnValue);

  const handleClose = () => {
    const opener = openerRef.current;
    // Browsers restore focus themselves; this covers those that leave it on the body.
    if (opener?.isConnected && document.activeElement !== opener) opener.focus();
    if (dialogRef.current?.returnValue === confirmed) onConfirm();
    else onCancel();
  };

  // The content fills the dialog box, so a click whose target is the dialog itself hit the backdrop.
  const handleBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click only closes on the backdrop, a pointer-only twin of Escape, which the native modal <dialog> already handles from the keyboard
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={messageId}
      aria-describedby={detail ? detailId : undefined}
      onClose={handleClose}
      onClick={handleBackdropClick}
    >
      <div className={styles.content}>
        <p id={messageId} className={styles.message}>
          {message}
        </p>
        {detail ? (
          <p id={detailId} className={styles.detail}>
            {detail}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button ref={cancelRef} type="button" className={styles.cancel} onClick={() => close()}>
            Cancel
          </button>
          <button type="button" className={styles.confirm} onClick={() => close(confirmed)}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
