import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import styles from './history-drawer.module.css';

type HistoryDrawerProps = {
  /** The drawer's accessible name. */
  label: string;
  /** The drawer closed itself (Escape, the backdrop): the page unmounts it and puts focus back on its toggle. */
  onClose: () => void;
  children: ReactNode;
};

/**
 * The chat history on a phone: a native modal <dialog> sliding in from the left over the chat. The
 * page behind is inert while it is open; Escape and a click on the backdrop close it. Mount it only
 * while it is open.
 */
export function HistoryDrawer({ label, onClose, children }: HistoryDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A layout effect, so the drawer is open before any passive effect inside it (the search box asked
  // for with Ctrl/Cmd+K) moves focus: opening moves focus to the dialog's first focusable element.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // The panel fills the dialog box, so a click whose target is the dialog itself hit the backdrop.
  const handleBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dialogRef.current?.close();
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click only closes on the backdrop, a pointer-only twin of Escape, which the native modal <dialog> already handles from the keyboard
    <dialog
      ref={dialogRef}
      className={styles.drawer}
      aria-label={label}
      onClose={onClose}
      onClick={handleBackdropClick}
    >
      {children}
    </dialog>
  );
}
