import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CtznPage from './ctzn-page';

describe(CtznPage.name, () => {
  it('heads the page with the CTZN logo and shows the tagline', () => {
    render(<CtznPage />);

    const heading = screen.getByRole('heading', { level: 1, name: 'CTZN' });
    expect(heading).toContainElement(screen.getByRole('img', { name: 'CTZN' }));
    expect(screen.getByText('Citizens first. Trust follows.')).toBeInTheDocument();
  });

  it.each([
    ['Try a live survey', 'https://ctzn.example/survey'],
    ['Visit platform', 'https://ctzn.example'],
  ])('opens "%s" in a new tab without handing over the opener', (name, href) => {
    render(<CtznPage />);

    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleDescription('Opens in a new tab');
  });

  it('links the contact address to the mail program', () => {
    render(<CtznPage />);

    expect(screen.getByRole('link', { name: 'hello@mb.example' })).toHaveAttribute('href', 'mailto:hello@mb.example');
  });

  it('names the browser tab after the page', () => {
    render(<CtznPage />);

    expect(document.title).toBe('CTZN · mb');
  });
});
