import type { MouseEvent } from 'react';
import { StrokeIcon } from '../../../../components/stroke-icon';
import { usePrefersReducedMotion } from '../../../../lib/use-prefers-reduced-motion';
import { AttachmentChip } from './attachment-chip';
import type { AttachmentUploads } from './use-attachment-uploads';
import styles from './attachment-chips.module.css';

const texts = { label: 'Attached files', dismiss: 'Dismiss' } as const;

type AttachmentChipsProps = {
  uploads: AttachmentUploads;
  /** The last chip was removed: the focus goes back to where the message is written. */
  onAllRemoved: () => void;
};

/** Above the text area: why files were not taken, and a chip for each file of the message. */
export function AttachmentChips({ uploads, onAllRemoved }: AttachmentChipsProps) {
  const still = usePrefersReducedMotion();
  const { items, refusals, remove, dismissRefusals } = uploads;

  // The removed chip's button goes with it: the focus moves to a neighbour's, or back to the text area.
  const removeFrom = (key: string) => (event: MouseEvent<HTMLButtonElement>) => {
    const chip = event.currentTarget.closest('li');
    const neighbour = (chip?.nextElementSibling ?? chip?.previousElementSibling)?.querySelector<HTMLElement>(
      '[data-chip-remove]',
    );
    remove(key);
    if (neighbour) neighbour.focus();
    else onAllRemoved();
  };
  return (
    <>
      {/* Always in the page, so what appears in it is read out. */}
      <div className={styles.refusals} role="alert">
        {refusals.length > 0 ? (
          <>
            <ul>
              {refusals.map((refusal) => (
                <li key={refusal}>{refusal}</li>
              ))}
            </ul>
            <button type="button" className={styles.dismiss} aria-label={texts.dismiss} onClick={dismissRefusals}>
              <StrokeIcon size={14}>
                <path d="M18 6 6 18M6 6l12 12" />
              </StrokeIcon>
            </button>
          </>
        ) : null}
      </div>
      {items.length > 0 ? (
        <ul className={styles.chips} aria-label={texts.label}>
          {items.map((item) => (
            <li key={item.key}>
              <AttachmentChip item={item} still={still} onRemove={removeFrom(item.key)} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
