import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ATTACHMENT_KIND_TRAITS } from '@mb/contracts/attachment-policy';
import type { AttachmentKind } from '@mb/contracts/types/agent';
import { usePrefersReducedMotion } from '../../../../lib/use-prefers-reduced-motion';
import { carriesFiles, transferFiles } from './transfer-files';
import styles from './attachment-drop-zone.module.css';

const or = new Intl.ListFormat('en', { type: 'disjunction' });
const dropText = (kinds: readonly AttachmentKind[]) =>
  `Drop ${or.format(kinds.map((kind) => ATTACHMENT_KIND_TRAITS[kind].plural))} to attach them`;

type AttachmentDropZoneProps = {
  /** Off: a plain box (the agent does not take uploads). */
  enabled: boolean;
  kinds: readonly AttachmentKind[];
  onFiles: (files: File[]) => void;
  className: string;
  children: ReactNode;
};

/** The chat area taking files dropped on it, with an overlay saying so while files are dragged over it. */
export function AttachmentDropZone({ enabled, kinds, onFiles, className, children }: AttachmentDropZoneProps) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: the overlay stays until the last one is left.
  const depth = useRef(0);
  const still = usePrefersReducedMotion();
  if (!enabled) return <div className={className}>{children}</div>;

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    onFiles(transferFiles(event.dataTransfer));
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- dropping is a pointer's shortcut; the attach button and paste take the same files from the keyboard
    <div
      className={`${className} ${styles.dropZone}`}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {over && kinds.length > 0 ? (
        // Dragging is a pointer's gesture: the picker and paste are the ways in for everyone else.
        <div className={still ? styles.dropOverlay : `${styles.dropOverlay} ${styles.fadeIn}`} aria-hidden="true">
          <p className={styles.dropLabel}>{dropText(kinds)}</p>
        </div>
      ) : null}
    </div>
  );
}
