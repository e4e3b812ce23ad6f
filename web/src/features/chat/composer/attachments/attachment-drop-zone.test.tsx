import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AttachmentKind } from '@mb/contracts/types/agent';
import { AttachmentDropZone as Sut } from './attachment-drop-zone';

const overlayText = 'Drop photos or documents to attach them';

function renderSut(enabled = true, kinds: AttachmentKind[] = ['image', 'document']) {
  const onFiles = vi.fn<(files: File[]) => void>();
  render(
    <Sut enabled={enabled} kinds={kinds} onFiles={onFiles} className="chat">
      <p>The conversation</p>
    </Sut>,
  );
  return { onFiles, zone: screen.getByText('The conversation').parentElement! };
}

const report = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
const carryingFiles = (files: File[] = []) => ({ dataTransfer: { types: ['Files'], files, items: [] } });

describe(Sut.name, () => {
  it('shows the drop overlay while files are dragged over the chat, through its children', () => {
    const { zone } = renderSut();

    fireEvent.dragEnter(zone, carryingFiles());
    fireEvent.dragEnter(screen.getByText('The conversation'), carryingFiles());
    fireEvent.dragLeave(zone, carryingFiles());
    expect(screen.getByText(overlayText)).toBeInTheDocument();

    fireEvent.dragLeave(screen.getByText('The conversation'), carryingFiles());
    expect(screen.queryByText(overlayText)).not.toBeInTheDocument();
  });

  it.each([
    [['image'], 'Drop photos to attach them'],
    [['document'], 'Drop documents to attach them'],
  ] as const)('names the one kind the agent takes (%s)', (kinds, text) => {
    const { zone } = renderSut(true, [...kinds]);

    fireEvent.dragEnter(zone, carryingFiles());

    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('hands the dropped files over and hides the overlay', () => {
    const { zone, onFiles } = renderSut();
    fireEvent.dragEnter(zone, carryingFiles());

    const dropped = fireEvent.drop(zone, carryingFiles([report]));

    expect(dropped).toBe(false);
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([report]);
    expect(screen.queryByText(overlayText)).not.toBeInTheDocument();
  });

  it('ignores a drag of text', () => {
    const { zone, onFiles } = renderSut();

    fireEvent.dragEnter(zone, { dataTransfer: { types: ['text/plain'], files: [], items: [] } });
    fireEvent.drop(zone, { dataTransfer: { types: ['text/plain'], files: [], items: [] } });

    expect(screen.queryByText(overlayText)).not.toBeInTheDocument();
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('takes nothing when the agent does not upload', () => {
    const { zone, onFiles } = renderSut(false);

    fireEvent.dragEnter(zone, carryingFiles());
    fireEvent.drop(zone, carryingFiles([report]));

    expect(screen.queryByText(overlayText)).not.toBeInTheDocument();
    expect(onFiles).not.toHaveBeenCalled();
  });
});
