import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';

describe(NotFoundPage.name, () => {
  it('shows the 404 heading and the router hint inside one card', () => {
    render(<NotFoundPage />);

    const heading = screen.getByRole('heading', { level: 1, name: '404 Page Not Found' });
    const card = screen.getByRole('region', { name: '404 Page Not Found' });
    expect(card).toContainElement(heading);
    expect(card).toHaveTextContent('Did you forget to add the page to the router?');
  });

  it('names the browser tab after the page', () => {
    render(<NotFoundPage />);

    expect(document.title).toBe('404 Page Not Found · mb');
  });
});
