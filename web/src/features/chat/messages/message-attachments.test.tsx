import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDialogSupport } from '../../../test/dialog-support';
import { storedPdf, storedPhoto } from '../../../test/upload-agents';
import { MessageAttachments as Sut } from './message-attachments';

const photo = storedPhoto();
const report = storedPdf({ read: 'pages 3-9 and 41 of 80' });

const thumbnail = () => screen.getByRole('button', { name: 'crawlspace.jpg' });
const lightbox = () => screen.queryByRole('dialog', { name: 'crawlspace.jpg' });

describe(Sut.name, () => {
  let removeDialogSupport: () => void;
  beforeAll(() => {
    removeDialogSupport = installDialogSupport();
  });
  afterAll(() => removeDialogSupport());

  it('shows a photo as its thumbnail, sized by the attachment so nothing moves when it loads', () => {
    render(<Sut attachments={[photo]} />);

    const image = within(thumbnail()).getByRole('img', { name: 'crawlspace.jpg' });
    expect(image).toHaveAttribute('src', '/api/chat/attachments/att-photo/thumbnail');
    expect(image).toHaveAttribute('width', '2016');
    expect(image).toHaveAttribute('height', '1512');
  });

  it('links a document to its file, with its pages and what the model read of it', () => {
    render(<Sut attachments={[photo, report]} />);

    const link = screen.getByRole('link', { name: /inspection-report\.pdf/ });
    expect(link).toHaveAttribute('href', '/api/chat/attachments/att-pdf');
    expect(link).toHaveTextContent('80 pages');
    expect(link).toHaveTextContent('Read: pages 3-9 and 41 of 80');
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens the photo full size in a modal dialog named by the file, with a Close button', () => {
    render(<Sut attachments={[photo]} />);

    fireEvent.click(thumbnail());

    const dialog = lightbox()!;
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('img', { name: 'crawlspace.jpg' })).toHaveAttribute(
      'src',
      '/api/chat/attachments/att-photo',
    );
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();

    fireEvent.click(close);

    expect(lightbox()).not.toBeInTheDocument();
    expect(thumbnail()).toHaveFocus();
  });

  it('closes the lightbox on Escape and gives the focus back to the thumbnail', () => {
    render(<Sut attachments={[photo]} />);
    fireEvent.click(thumbnail());

    fireEvent.keyDown(lightbox()!, { key: 'Escape' });

    expect(lightbox()).not.toBeInTheDocument();
    expect(thumbnail()).toHaveFocus();
  });

  it('closes the lightbox on a click of its backdrop, not of the photo', () => {
    render(<Sut attachments={[photo]} />);
    fireEvent.click(thumbnail());

    fireEvent.click(within(lightbox()!).getByRole('img'));
    expect(lightbox()).toBeInTheDocument();

    fireEvent.click(lightbox()!);
    expect(lightbox()).not.toBeInTheDocument();
  });
});
