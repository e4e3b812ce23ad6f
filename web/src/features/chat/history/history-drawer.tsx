import type { ReactNode } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';

type HistoryDrawerProps = {
  /** The drawer's accessible name. */
  label: string;
  /** The drawer closed itself (Escape, the backdrop): the page unmounts it and puts focus back on its toggle. */
  onClose: () => void;
  children: ReactNode;
};

/**
 * The chat history on a phone: a modal drawer sliding in from the left over the chat. The page behind is
 * inert while it is open; Escape and a click on the backdrop close it. Mount it only while it is open.
 */
export function HistoryDrawer({ label, onClose, children }: HistoryDrawerProps) {
  return (
    <ModalDialog look="drawer" aria-label={label} closeOnBackdrop onClose={onClose}>
      {children}
    </ModalDialog>
  );
}
