import { useRef, useState, type ReactNode } from 'react';
import type { AttachmentKind } from '@mb/contracts/types/agent';
import { StrokeIcon } from '../../../components/stroke-icon';
import { attachmentFileUrl, attachmentThumbnailUrl, type ChatAttachment } from '../../../lib/api/attachments';
import { ImageLightbox } from './image-lightbox';
import styles from './message-attachments.module.css';

export const attachmentTexts = {
  label: 'Attachments',
  pages: (pages: number) => (pages === 1 ? '1 page' : `${pages} pages`),
  read: (read: string) => `Read: ${read}`,
} as const;

/** A sent photo: its thumbnail, a button that opens it full size; the focus comes back to it on close. */
function ImageThumbnail({ image }: { image: ChatAttachment }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.thumbnailButton}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {/* The attachment's own size gives the box its shape before the thumbnail arrives. */}
        <img
          className={styles.thumbnail}
          src={attachmentThumbnailUrl(image.id)}
          alt={image.name}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
      </button>
      {open ? (
        <ImageLightbox
          image={image}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/** A sent document: a link to the file, with its pages and what the model read of it. */
function DocumentChip({ file }: { file: ChatAttachment }) {
  const details = [
    file.pages !== undefined ? attachmentTexts.pages(file.pages) : null,
    file.read ? attachmentTexts.read(file.read) : null,
  ].filter((detail) => detail !== null);
  return (
    <a className={styles.document} href={attachmentFileUrl(file.id)} download={file.name}>
      <span className={styles.documentIcon}>
        <StrokeIcon size={18}>
          <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
          <path d="M14 2v6h6M8 13h8M8 17h5" />
        </StrokeIcon>
      </span>
      <span className={styles.documentBody}>
        <span className={styles.documentName} title={file.name}>
          {file.name}
        </span>
        {details.map((detail) => (
          <span key={detail} className={styles.documentDetail}>
            {detail}
          </span>
        ))}
      </span>
    </a>
  );
}

/** How a sent file of each kind is drawn, and the list item's style. */
const views: Record<AttachmentKind, { item: string; view: (attachment: ChatAttachment) => ReactNode }> = {
  image: { item: styles.imageItem, view: (attachment) => <ImageThumbnail image={attachment} /> },
  document: { item: styles.documentItem, view: (attachment) => <DocumentChip file={attachment} /> },
};

/** The photos and documents a user message was sent with, drawn by kind. */
export function MessageAttachments({ attachments }: { attachments: ChatAttachment[] }) {
  return (
    <ul className={styles.attachments} aria-label={attachmentTexts.label}>
      {attachments.map((attachment) => (
        <li key={attachment.id} className={views[attachment.kind].item}>
          {views[attachment.kind].view(attachment)}
        </li>
      ))}
    </ul>
  );
}
