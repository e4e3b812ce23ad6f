import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/toast/toasts';
import type * as Toasts from '../../components/toast/toasts';
import { json, stubApi } from '../../test/stub-api';
import { renderAt } from '../../test/render-at';
import { testAgent } from '../../test/test-agent';
import type { PublicAgent } from '../../lib/api/agents';
import { HubPage, hubCards } from './hub-page';

vi.mock('../../components/toast/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  toast: vi.fn(),
}));

const check = 'GET /api/auth/check-access';
const grant = 'POST /api/auth/grant-access';
const agentsList = 'GET /api/agents';

const card = (id: string, name: string, order: number | undefined, description?: string): PublicAgent => ({
  ...testAgent(
    { denied: 'redirect', persistFlag: false },
    { name, description, hub: order === undefined ? undefined : { order } },
  ),
  id,
  routes: [`/${id}`, `/${id}-alias`],
});

// Deliberately out of order, one without a description and one without a card.
const agents = [
  card('third', 'Third Agent', 2, 'The third one.'),
  card('hidden', 'Hidden Agent', undefined, 'Not on the hub.'),
  card('first', 'First Agent', 0, 'The first one.'),
  card('second', 'Second Agent', 1),
];

function renderHub() {
  return renderAt('/mb', <HubPage />);
}

const field = () => screen.getByLabelText('Access code');

describe(HubPage.name, () => {
  beforeEach(() => {
    vi.mocked(toast).mockClear();
    sessionStorage.clear();
    localStorage.clear();
  });

  it("shows the heading and 'Loading...' while access is checked", async () => {
    stubApi({ [check]: () => new Promise(() => {}), [agentsList]: () => json(agents) });
    renderHub();

    expect(screen.getByRole('heading', { level: 1, name: 'mb' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(document.title).toBe('MB · mb');
  });

  it('asks for the access code without access', async () => {
    stubApi({ [check]: () => json({ authorized: false }), [agentsList]: () => json(agents) });
    renderHub();

    expect(await screen.findByText('Please enter the access code to continue.')).toBeInTheDocument();
    expect(field()).toHaveAttribute('type', 'password');
    expect(field()).toHaveAttribute('placeholder', 'Access Code');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Access Agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it("a wrong code: 'Access Denied' toast and an empty field", async () => {
    stubApi({
      [check]: () => json({ authorized: false }),
      [agentsList]: () => json(agents),
      [grant]: () => json({ statusCode: 401, code: 'ACCESS_DENIED' }, 401),
    });
    renderHub();
    await screen.findByText('Please enter the access code to continue.');

    fireEvent.change(field(), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(field()).toHaveValue(''));
    expect(toast).toHaveBeenCalledWith({
      title: 'Access Denied',
      description: 'Invalid passcode. Please try again.',
      variant: 'destructive',
    });
    expect(screen.queryByRole('link', { name: 'Access Agent' })).not.toBeInTheDocument();
  });

  it("the right code: 'Access Granted' toast, then the cards without a reload", async () => {
    let authorized = false;
    const calls = stubApi({
      [check]: () => json({ authorized }),
      [agentsList]: () => json(agents),
      [grant]: () => {
        authorized = true;
        return json({ success: true });
      },
    });
    renderHub();
    await screen.findByText('Please enter the access code to continue.');

    fireEvent.change(field(), { target: { value: 'Right-Code' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findAllByRole('link', { name: 'Access Agent' })).toHaveLength(3);
    expect(toast).toHaveBeenCalledWith({ title: 'Access Granted', description: 'Welcome to MB services.' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ passcode: 'Right-Code' });
    expect(sessionStorage.getItem('mbAccess')).toBe('granted');
    expect(localStorage.getItem('mbAccess')).toBeNull();
  });

  it('with access: one card per hub agent, in card order, linking to its first route', async () => {
    stubApi({ [check]: () => json({ authorized: true }), [agentsList]: () => json(agents) });
    renderHub();

    const items = await screen.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'First Agent',
      'Second Agent',
      'Third Agent',
    ]);
    expect(items[0]).toHaveAccessibleName('First Agent');
    expect(items[0]).toHaveTextContent('The first one.');
    expect(within(items[1]).queryByRole('paragraph')).not.toBeInTheDocument();
    const links = items.map((item) => within(item).getByRole('link', { name: 'Access Agent' }));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/first', '/second', '/third']);
    expect(links[0]).toHaveAccessibleDescription('First Agent');
    expect(screen.queryByText('Hidden Agent')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter the access code to continue.')).not.toBeInTheDocument();
  });

  it("shows each agent's tokens and cost this month, small, on its card", async () => {
    stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      'GET /api/usage': () =>
        json({
          from: '2025-03-01',
          to: '2025-03-17',
          days: [],
          agents: [
            { agentType: 'first', promptTokens: 12_000, completionTokens: 345, replies: 9, estimatedCostUsd: 0.4213 },
            { agentType: 'third', promptTokens: 800, completionTokens: 20, replies: 1, estimatedCostUsd: null },
            { agentType: 'gone', promptTokens: 5, completionTokens: 5, replies: 1, estimatedCostUsd: 0 },
          ],
        }),
    });
    renderHub();

    const [first, second, third] = await screen.findAllByRole('article');
    expect(await within(first).findByText('12.3k tokens this month · ≈ $0.42')).toBeInTheDocument();
    expect(within(third).getByText('820 tokens this month')).toBeInTheDocument();
    expect(second).not.toHaveTextContent('tokens this month');
  });

  it('shows the cards without usage when usage cannot be loaded', async () => {
    const calls = stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      'GET /api/usage': () => json({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error' }, 500),
    });
    renderHub();

    expect(await screen.findAllByRole('link', { name: 'Access Agent' })).toHaveLength(3);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/usage')).toBe(true));
    expect(screen.queryByText(/tokens this month/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs out: the cookie is revoked, the flags cleared and the form shown again', async () => {
    sessionStorage.setItem('mbAccess', 'granted');
    localStorage.setItem('mbAccess', 'granted');
    let authorized = true;
    const calls = stubApi({
      [check]: () => json({ authorized }),
      [agentsList]: () => json(agents),
      'POST /api/auth/revoke-access': () => {
        authorized = false;
        return json({ success: true });
      },
    });
    renderHub();

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Please enter the access code to continue.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/revoke-access')).toBe(true);
    expect(sessionStorage.getItem('mbAccess')).toBeNull();
    expect(localStorage.getItem('mbAccess')).toBeNull();
  });
});

describe(hubCards.name, () => {
  it('keeps only agents with a hub card, ordered by it', () => {
    expect(hubCards(agents).map((agent) => agent.id)).toEqual(['first', 'second', 'third']);
  });
});
