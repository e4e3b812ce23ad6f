import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { resetAgentMenuLinks } from '../components/side-menu/use-agent-menu-links';
import { AppRoutes } from './routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

function serveAgentList(agents: unknown[]) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(agents), { headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('routes', () => {
  afterEach(() => {
    queryClient.clear();
    resetAgentMenuLinks();
  });

  it('renders the landing page at /, asking the server only for the agent links of the menu', async () => {
    const fetchMock = serveAgentList([]);
    renderAt('/');

    expect(screen.getByRole('heading', { level: 1, name: 'mb' })).toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['/api/agents']);
  });

  it.each(['/no-such-page', '/deeply/nested/unknown', '/mb/extra'])(
    'renders the not-found page for %s, which no agent file claims',
    async (path) => {
      const fetchMock = serveAgentList([]);
      renderAt(path);

      expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/agents',
        expect.objectContaining({ method: 'GET', credentials: 'include' }),
      );
    },
  );
});
