import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('routes', () => {
  it('renders the landing page at /', () => {
    renderAt('/');

    expect(screen.getByRole('heading', { level: 1, name: 'mb' })).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it.each(['/no-such-page', '/deeply/nested/unknown', '/mb/extra'])(
    'renders the not-found page for the unknown path %s',
    (path) => {
      renderAt(path);

      expect(
        screen.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
      ).toBeInTheDocument();
    },
  );
});
