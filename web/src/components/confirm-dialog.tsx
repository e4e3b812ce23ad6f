import { useId, useRef } from 'react';
import { Button } from './button';
import { ModalDialog, type ModalDialogHandle } from './modal-dialog';
import styles from './confirm-dialog.module.css';

type ConfirmDialogProps = {
  /** The question, read as the dialog's name. */
  message: string;
  /** What is about to be affected (e.g. the session title), read as the dialog's description. */
  detail?: string;
  confirmLabel: string;
  /** Its size, where the usual one does not suit the words. */
  className?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

const confirmed = 'confirm';

/**
 * A question in a modal dialog, asked as soon as it mounts: focus starts on Cancel (the safe choice) and
 * goes back to the opener on close. Escape, Cancel and a click on the backdrop all cancel. Mount it only
 * while the question is asked.
 */
export function ConfirmDialog({ message, detail, confirmLabel, className, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<ModalDialogHandle>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const detailId = useId();

  return (
    <ModalDialog
      ref={dialog}
      className={className ?? styles.dialog}
      aria-labelledby={messageId}
      aria-describedby={detail ? detailId : undefined}
      initialFocus={cancelRef}
      closeOnBackdrop
      onClose={(returnValue) => (returnValue === confirmed ? onConfirm() : onCancel())}
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
          <Button variant="action" ref={cancelRef} onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => dialog.current?.close(confirmed)}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
