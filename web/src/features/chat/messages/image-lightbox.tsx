import { useId, useRef } from 'react';
import { Button } from '../../../components/button';
import { ModalDialog, type ModalDialogHandle } from '../../../components/modal-dialog';
import { attachmentFileUrl, type ChatAttachment } from '../../../lib/api/attachments';
import styles from './image-lightbox.module.css';

const texts = { close: 'Close' } as const;

type ImageLightboxProps = {
  image: ChatAttachment;
  /** The lightbox closed itself (Close, Escape, the backdrop): unmount it and give the focus back. */
  onClose: () => void;
};

/**
 * A sent photo at full size, in a modal dialog named by its file name: Close, Escape and a click on the
 * backdrop close it. Mount it only while it is open.
 */
export function ImageLightbox({ image, onClose }: ImageLightboxProps) {
  const dialog = useRef<ModalDialogHandle>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  return (
    <ModalDialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      initialFocus={closeRef}
      closeOnBackdrop
      onClose={onClose}
    >
      <figure className={styles.figure}>
        <img
          className={styles.image}
          src={attachmentFileUrl(image.id)}
          alt={image.name}
          width={image.width}
          height={image.height}
        />
        <figcaption className={styles.bar}>
          <span id={titleId} className={styles.title}>
            {image.name}
          </span>
          <Button ref={closeRef} variant="compact" className={styles.close} onClick={() => dialog.current?.close()}>
            {texts.close}
          </Button>
        </figcaption>
      </figure>
    </ModalDialog>
  );
}
