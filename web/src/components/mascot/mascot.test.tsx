import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Mascot } from './mascot';

describe(Mascot.name, () => {
  it('is a link named "Email us" that writes to the contact address', () => {
    render(<Mascot />);

    expect(screen.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', 'mailto:hello@mb.example');
  });

  it('shows the mascot picture at 100 by 100 pixels', () => {
    render(<Mascot />);

    const image = screen.getByRole('img', { name: 'Email us' });
    expect(image).toHaveAttribute('src', '/mascot.svg');
    expect(image).toHaveAttribute('width', '100');
    expect(image).toHaveAttribute('height', '100');
  });
});
