import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

function serveAgentList(agents: unknown[]) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(agents), { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('routes', () => {
  afterEach(() => queryClient.clear());

  it('renders the landing page at / without asking the server anything', () => {
    const fetchMock = serveAgentList([]);
    renderAt('/');

    expect(screen.getByRole('heading', { level: 1, name: 'mb' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['/no-such-page', '/deeply/nested/unknown', '/mb/extra'])(
    'renders the not-found page for %s, which no agent file claims',
    async (path) => {
      const fetchMock = serveAgentList([]);
      renderAt(path);

      expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledWith('/api/agents', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    },
  );
});
