import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogSupport } from '../test/dialog-support';
import { ModalDialog as Sut, type ModalDialogHandle } from './modal-dialog';

/** A page with an opener button and the dialog it opens: OK closes with 'ok', Cancel with nothing. */
function Page({ closeOnBackdrop = false, onClose }: { closeOnBackdrop?: boolean; onClose: (value: string) => void }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<ModalDialogHandle>(null);
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Sut
          ref={dialog}
          aria-label="Question"
          initialFocus={ok}
          closeOnBackdrop={closeOnBackdrop}
          onClose={(value) => {
            setOpen(false);
            onClose(value);
          }}
        >
          <p>Sure?</p>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button ref={ok} type="button" onClick={() => dialog.current?.close('ok')}>
            OK
          </button>
        </Sut>
      ) : null}
    </>
  );
}

const opener = () => screen.getByRole('button', { name: 'Open' });
const dialog = () => screen.queryByRole('dialog', { name: 'Question' });

function openDialog(props: { closeOnBackdrop?: boolean } = {}) {
  const onClose = vi.fn();
  render(<Page {...props} onClose={onClose} />);
  opener().focus();
  fireEvent.click(opener());
  return onClose;
}

describe(Sut.name, () => {
  let removeDialogSupport: () => void;
  beforeAll(() => {
    removeDialogSupport = installDialogSupport();
  });
  afterAll(() => removeDialogSupport());

  it('opens as a modal on mount, the focus on the element asked for', () => {
    openDialog();

    expect(dialog()).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('closes with the value given to close(), and the focus goes back to the opener', () => {
    const onClose = openDialog();

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    expect(onClose).toHaveBeenCalledExactlyOnceWith('ok');
    expect(dialog()).not.toBeInTheDocument();
    expect(opener()).toHaveFocus();
  });

  it('closes on Escape with no value', () => {
    const onClose = openDialog();

    fireEvent.keyDown(dialog()!, { key: 'Escape' });

    expect(onClose).toHaveBeenCalledExactlyOnceWith('');
    expect(opener()).toHaveFocus();
  });

  it('closes on a click on the backdrop when asked to, never on a click inside', () => {
    const onClose = openDialog({ closeOnBackdrop: true });

    fireEvent.click(screen.getByText('Sure?'));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(dialog()!);
    expect(onClose).toHaveBeenCalledExactlyOnceWith('');
  });

  it('stays open on a click on the backdrop unless asked', () => {
    const onClose = openDialog();

    fireEvent.click(dialog()!);

    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toHaveAttribute('open');
  });
});
