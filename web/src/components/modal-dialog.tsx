import {
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import styles from './modal-dialog.module.css';

/** Closes the dialog from inside it (a Cancel or Close button); `returnValue` reaches onClose. */
export type ModalDialogHandle = { close: (returnValue?: string) => void };

type ModalDialogProps = {
  ref?: Ref<ModalDialogHandle>;
  /** 'panel': a box in the middle of the screen; 'drawer': a full-height panel sliding in from the left. */
  look?: 'panel' | 'drawer';
  /** This dialog's size and layout; its look is this component's. */
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  /** Takes the focus once the dialog is open; without it, the browser's choice (the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A click on the backdrop closes the dialog, as Escape does. */
  closeOnBackdrop?: boolean;
  /** The dialog closed (Escape, the backdrop, close()): unmount it. */
  onClose: (returnValue: string) => void;
  children: ReactNode;
};

/**
 * A native modal <dialog>, opened as soon as it mounts: the page behind is inert, Escape closes it, and the
 * focus goes back to what held it before. Mount it only while it is open.
 */
export function ModalDialog({
  ref,
  look = 'panel',
  className,
  initialFocus,
  closeOnBackdrop = false,
  onClose,
  children,
  ...aria
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useImperativeHandle(ref, () => ({ close: (returnValue) => dialogRef.current?.close(returnValue) }), []);

  // A layout effect, so the dialog is open before any passive effect inside it moves the focus (a search box
  // asked for with Ctrl/Cmd+K). StrictMode runs it twice; closing in a cleanup would report a close, so only open once.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    initialFocus?.current?.focus();
  }, [initialFocus]);

  const handleClose = () => {
    const opener = openerRef.current;
    // Browsers give the focus back themselves; this covers those that leave it on the body.
    if (opener?.isConnected && document.activeElement !== opener) opener.focus();
    onClose(dialogRef.current?.returnValue ?? '');
  };

  // The content fills the dialog box, so a click whose target is the dialog itself hit the backdrop.
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnBackdrop && event.target === event.currentTarget) dialogRef.current?.close();
  };

  const classes = className ? `${styles[look]} ${className}` : styles[look];
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click only closes on the backdrop, a pointer-only twin of Escape, which the native modal <dialog> already handles from the keyboard
    <dialog ref={dialogRef} className={classes} {...aria} onClose={handleClose} onClick={handleClick}>
      {children}
    </dialog>
  );
}
