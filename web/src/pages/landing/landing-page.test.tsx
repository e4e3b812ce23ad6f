import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { accessibleText } from '../../test/accessible-text';
import { LandingPage } from './landing-page';

function renderSut() {
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }]);
  return render(<RouterProvider router={router} />);
}

describe(LandingPage.name, () => {
  it('shows the lowercase company name as the page heading', () => {
    renderSut();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^mb$/);
  });

  it('offers the tagline to assistive technology as one string', () => {
    renderSut();

    const tagline = screen.getByRole('paragraph');
    expect(accessibleText(tagline)).toBe('Currently building our relationship...');
  });

  it('links "about us" to /about', () => {
    renderSut();

    expect(screen.getByRole('link', { name: 'about us' })).toHaveAttribute('href', '/about');
  });

  it('has a footer landmark outside the main content', () => {
    renderSut();

    const footer = screen.getByRole('contentinfo');
    expect(screen.getByRole('main')).not.toContainElement(footer);
  });

  it('titles the browser tab with the company name', () => {
    renderSut();

    expect(document.title).toBe('mb');
  });
});
