import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
const revoke = 'POST /api/auth/revoke-access';
const agentsList = 'GET /api/agents';

const card = (id: string, name: string, order: number, restricted?: true): PublicAgent => ({
  ...testAgent({ denied: 'redirect', persistFlag: false }, { name, hub: { order } }),
  id,
  routes: [`/${id}`],
  ...(restricted ? { restricted } : {}),
});

const forEveryone = card('everyone', 'For Everyone', 0);
const forAnna = card('annas', 'Only For Anna', 1);

const anna = { authorized: true, people: true, viewer: { kind: 'person', personId: 'anna', firstName: 'Anna' } };
const ben = { authorized: true, people: true, viewer: { kind: 'person', personId: 'ben', firstName: 'Ben' } };
const nobody = { authorized: false, people: true };

const renderHub = () => renderAt('/mb', <HubPage />);
const cardTitles = async () =>
  (await screen.findAllByRole('article')).map((item) => within(item).getByRole('heading', { level: 2 }).textContent);

describe('the hub once people are configured', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('asks for "your code" and takes a personal code as it took the shared one', async () => {
    stubApi({ [check]: () => json(nobody), [agentsList]: () => json([forEveryone]) });
    renderHub();

    expect(await screen.findByText('Please enter your code to continue.')).toBeInTheDocument();
    expect(screen.getByLabelText('Access code')).toHaveAttribute('type', 'password');
  });

  it("greets the signed-in person by first name and offers 'Switch person'", async () => {
    stubApi({ [check]: () => json(anna), [agentsList]: () => json([forEveryone, forAnna]) });
    renderHub();

    expect(await screen.findByText('Hello, Anna')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(await cardTitles()).toEqual(['For Everyone', 'Only For Anna']);
  });

  it('leaves out the card of an agent meant for someone else', async () => {
    stubApi({ [check]: () => json(ben), [agentsList]: () => json([forEveryone, { ...forAnna, restricted: true }]) });
    renderHub();

    expect(await screen.findByText('Hello, Ben')).toBeInTheDocument();
    expect(await cardTitles()).toEqual(['For Everyone']);
    expect(hubCards([forEveryone, { ...forAnna, restricted: true }]).map((agent) => agent.id)).toEqual(['everyone']);
  });

  it('switches person: signed out, the code asked again, then the next person sees only their own agents', async () => {
    let answer: object = anna;
    let next: object = ben;
    const calls = stubApi({
      [check]: () => json(answer),
      [agentsList]: () =>
        json(answer === ben ? [forEveryone, { ...forAnna, restricted: true }] : [forEveryone, forAnna]),
      [revoke]: () => {
        answer = nobody;
        return json({ success: true });
      },
      [grant]: () => {
        answer = next;
        next = anna;
        return json({ success: true, viewer: ben.viewer });
      },
    });
    renderHub();
    expect(await cardTitles()).toEqual(['For Everyone', 'Only For Anna']);

    fireEvent.click(screen.getByRole('button', { name: 'Switch person' }));

    expect(await screen.findByText('Please enter your code to continue.')).toBeInTheDocument();
    expect(screen.queryByText('Hello, Anna')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/revoke-access')).toBe(true);

    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'ben-code' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Hello, Ben')).toBeInTheDocument();
    expect(await cardTitles()).toEqual(['For Everyone']);
  });
});
