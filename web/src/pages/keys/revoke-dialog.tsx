import { useId, useRef } from 'react';
import { Button } from '../../components/button';
import { ModalDialog, type ModalDialogHandle } from '../../components/modal-dialog';
import { keysTexts as texts } from './keys-texts';
import styles from './revoke-dialog.module.css';

const confirmed = 'revoke';

/**
 * Asks before a key is revoked: focus starts on Cancel (the safe choice); Escape, Cancel and the backdrop
 * cancel. Mount it only while the question is asked.
 */
export function RevokeDialog({
  name,
  onConfirm,
  onCancel,
}: {
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<ModalDialogHandle>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  const detailId = useId();
  return (
    <ModalDialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={questionId}
      aria-describedby={detailId}
      initialFocus={cancelRef}
      closeOnBackdrop
      onClose={(returnValue) => (returnValue === confirmed ? onConfirm() : onCancel())}
    >
      <div className={styles.content}>
        <p id={questionId} className={styles.question}>
          {texts.revokeQuestion(name)}
        </p>
        <p id={detailId} className={styles.detail}>
          {texts.revokeDetail}
        </p>
        <div className={styles.actions}>
          <Button variant="action" ref={cancelRef} onClick={() => dialog.current?.close()}>
            {texts.cancel}
          </Button>
          <Button variant="danger" onClick={() => dialog.current?.close(confirmed)}>
            {texts.revoke}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
