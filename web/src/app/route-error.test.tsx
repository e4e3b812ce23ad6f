import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function renderRouteThatFails(loader: () => never) {
  const router = createMemoryRouter([
    {
      path: '/',
      loader,
      element: <p>loaded</p>,
      hydrateFallbackElement: <p>loading</p>,
      errorElement: <RouteError />,
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe(RouteError.name, () => {
  it('shows the not-found page when a route answers 404', async () => {
    renderRouteThatFails(() => {
      throw new Response(null, { status: 404 });
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
  });

  it('shows the generic error page for any other failure, without its details', async () => {
    // The router reports the failure on the console by design; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRouteThatFails(() => {
      throw new Error('database exploded');
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/database exploded/)).toBeNull();
    expect(screen.queryByText('loaded')).toBeNull();
  });
});
