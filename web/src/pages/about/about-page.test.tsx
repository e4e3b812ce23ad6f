import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AboutPage from './about-page';

describe(AboutPage.name, () => {
  it('shows the About heading and a described illustration with its size set', () => {
    render(<AboutPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: /illustration/ });
    expect(image).toHaveAttribute('src', '/about.svg');
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '360');
  });

  it('offers the mascot to write to the company', () => {
    render(<AboutPage />);

    expect(screen.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', 'mailto:hello@mb.example');
  });

  it('names the browser tab after the page', () => {
    render(<AboutPage />);

    expect(document.title).toBe('About · mb');
  });
});
