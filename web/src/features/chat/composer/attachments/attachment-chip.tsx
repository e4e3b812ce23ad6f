import { useState, type MouseEvent } from 'react';
import { StrokeIcon } from '../../../../components/stroke-icon';
import { VisuallyHidden } from '../../../../components/visually-hidden';
import { attachmentThumbnailUrl } from '../../../../lib/api/attachments';
import { formatFileSize } from '../../../../lib/format-file-size';
import type { DraftAttachment } from './attachment-draft';
import { isPictured } from './attachment-policy';
import styles from './attachment-chip.module.css';

export const chipTexts = {
  remove: (name: string) => `Remove ${name}`,
  uploading: (name: string) => `Uploading ${name}`,
  processing: (name: string) => `Reading ${name}`,
  processingShort: 'Reading…',
  failed: (name: string) => `${name} was not attached: `,
} as const;

/** The picture of a chip: the local photo while it uploads, the server's thumbnail once stored, else an icon. */
function ChipPicture({ item }: { item: DraftAttachment }) {
  const [broken, setBroken] = useState<string | null>(null);
  const stored = item.state === 'ready' && isPictured(item.kind) ? attachmentThumbnailUrl(item.attachment.id) : null;
  const source = item.preview ?? stored;
  // A HEIC photo cannot be drawn by most browsers before the server has turned it into a JPEG.
  if (source && broken !== source) {
    return <img className={styles.picture} src={source} alt="" onError={() => setBroken(source)} />;
  }
  return (
    <span className={`${styles.picture} ${styles.icon}`}>
      <StrokeIcon size={20}>
        {isPictured(item.kind) ? (
          <>
            <rect x="3" y="3" width="18" height="18" rx="2" />
            <circle cx="9" cy="9" r="2" />
            <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
          </>
        ) : (
          <>
            <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
            <path d="M14 2v6h6M8 13h8M8 17h5" />
          </>
        )}
      </StrokeIcon>
    </span>
  );
}

/** One file of the message being written: picture, name, size, progress or error, and a remove button. */
type AttachmentChipProps = {
  item: DraftAttachment;
  onRemove: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Reduced motion: the bars jump instead of sliding and pulsing. */
  still: boolean;
};

export function AttachmentChip({ item, onRemove, still }: AttachmentChipProps) {
  return (
    <div className={styles.chip} data-state={item.state}>
      <ChipPicture item={item} />
      <div className={styles.body}>
        <span className={styles.name} title={item.name}>
          {item.name}
        </span>
        <span className={styles.meta}>
          {formatFileSize(item.size)}
          {item.state === 'processing' ? ` · ${chipTexts.processingShort}` : null}
        </span>
        {item.state === 'uploading' ? (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={chipTexts.uploading(item.name)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.percent}
          >
            <div
              className={still ? styles.progressFill : `${styles.progressFill} ${styles.moving}`}
              style={{ width: `${item.percent}%` }}
            />
          </div>
        ) : null}
        {item.state === 'processing' ? (
          // Bytes sent, the server's answer not yet in: no number to give, so no aria-valuenow.
          <div className={styles.progress} role="progressbar" aria-label={chipTexts.processing(item.name)}>
            <div className={still ? styles.progressFull : `${styles.progressFull} ${styles.pulsing}`} />
          </div>
        ) : null}
        {item.state === 'failed' ? (
          <p className={styles.error} role="alert">
            <VisuallyHidden>{chipTexts.failed(item.name)}</VisuallyHidden>
            {item.error}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className={styles.remove}
        data-chip-remove
        aria-label={chipTexts.remove(item.name)}
        onClick={onRemove}
      >
        <StrokeIcon size={16}>
          <path d="M18 6 6 18M6 6l12 12" />
        </StrokeIcon>
      </button>
    </div>
  );
}
