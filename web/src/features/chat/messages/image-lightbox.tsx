import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { attachmentFileUrl, type ChatAttachment } from '../../../lib/api/attachments';
import styles from './message-attachments.module.css';

const texts = { close: 'Close' } as const;

type ImageLightboxProps = {
  image: ChatAttachment;
  /** The lightbox closed itself (Close, Escape, the backdrop): unmount it and give the focus back. */
  onClose: () => void;
};

/**
 * A sent photo at full size, in a native modal <dialog> named by its file name: the page behind is inert,
 * Close, Escape and a click on the backdrop close it. Mount it only while it is open.
 */
export function ImageLightbox({ image, onClose }: ImageLightboxProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    // StrictMode runs this twice; closing in a cleanup would report a close, so only open once.
    if (!dialog || dialog.open) return;
    dialog.showModal();
    closeRef.current?.focus();
  }, []);

  // The figure does not fill the dialog box, so a click whose target is the dialog itself hit the backdrop.
  const handleBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dialogRef.current?.close();
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click only closes on the backdrop, a pointer-only twin of Escape, which the native modal <dialog> already handles from the keyboard
    <dialog
      ref={dialogRef}
      className={styles.lightbox}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={handleBackdropClick}
    >
      <figure className={styles.lightboxFigure}>
        <img
          className={styles.lightboxImage}
          src={attachmentFileUrl(image.id)}
          alt={image.name}
          width={image.width}
          height={image.height}
        />
        <figcaption className={styles.lightboxBar}>
          <span id={titleId} className={styles.lightboxTitle}>
            {image.name}
          </span>
          <button
            ref={closeRef}
            type="button"
            className={styles.lightboxClose}
            onClick={() => dialogRef.current?.close()}
          >
            {texts.close}
          </button>
        </figcaption>
      </figure>
    </dialog>
  );
}
