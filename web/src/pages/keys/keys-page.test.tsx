import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/toast/toasts';
import type * as Toasts from '../../components/toast/toasts';
import type { ApiKey } from '../../lib/api/api-keys';
import type { PublicAgent } from '../../lib/api/agents';
import { installDialogSupport } from '../../test/dialog-support';
import { renderAt } from '../../test/render-at';
import { json, stubApi, type ApiCall } from '../../test/stub-api';
import { testAgent } from '../../test/test-agent';
import { curlExample } from './created-key';
import KeysPage from './keys-page';
import { expiryDays } from './new-key-form';

vi.mock('../../components/toast/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  toast: vi.fn(),
}));

const check = 'GET /api/auth/check-access';
const agentsList = 'GET /api/agents';
const keysList = 'GET /api/keys';
const create = 'POST /api/keys';

const agent = (id: string, name: string, restricted?: boolean): PublicAgent => ({
  ...testAgent({ denied: 'redirect', persistFlag: false }, { name }),
  id,
  routes: [`/${id}`],
  ...(restricted ? { restricted } : {}),
});

const agents = [agent('helper', 'Helper'), agent('writer', 'Writer'), agent('private', 'Private', true)];

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'My editor',
  prefix: 'mb-1111',
  agents: ['helper'],
  allowConfirmTools: false,
  requestsPerMinute: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  tokensUsed: 0,
  revokedAt: null,
  ...overrides,
});

const secret = 'mb-1111-secret-value-shown-once';

let removeDialogSupport: () => void;
let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  removeDialogSupport = installDialogSupport();
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => removeDialogSupport());

function renderKeys() {
  return renderAt('/mb/keys', <KeysPage />);
}

describe('KeysPage', () => {
  it('asks for the access code without access', async () => {
    stubApi({ [check]: () => json({ authorized: false }) });
    renderKeys();
    expect(await screen.findByText('Please enter the access code to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New key' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
  });

  it('says in words while the keys load, and when they fail, with a retry', async () => {
    let fail = true;
    stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      [keysList]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'Boom' }, 500) : json([key()])),
    });
    renderKeys();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not load your keys\./);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'My editor' })).toBeInTheDocument();
  });

  it('lists the keys with their agents, dates, last use and tokens', async () => {
    stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      [keysList]: () =>
        json([
          key({ lastUsedAt: '2026-11-21T09:30:00.000Z', tokensUsed: 12345, expiresAt: '2026-12-20T10:00:00.000Z' }),
          key({
            id: '22222222-2222-4222-8222-222222222222',
            name: 'Old',
            agents: null,
            revokedAt: '2026-11-22T08:00:00.000Z',
          }),
        ]),
    });
    renderKeys();
    const item = (await screen.findByRole('heading', { level: 3, name: 'My editor' })).closest('article')!;
    expect(item).toHaveTextContent('Helper');
    expect(item).toHaveTextContent((12345).toLocaleString());
    expect(item).not.toHaveTextContent('Not used yet');
    expect(within(item).getByRole('button', { name: 'Revoke My editor' })).toBeEnabled();
    const old = screen.getByRole('heading', { level: 3, name: 'Old' }).closest('article')!;
    expect(old).toHaveTextContent('Every agent');
    expect(old).toHaveTextContent('Not used yet');
    expect(old).toHaveTextContent('Revoked');
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says so when there are no keys', async () => {
    stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      [keysList]: () => json([]),
    });
    renderKeys();
    expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
  });

  it('makes a key for the chosen agents and shows it once, with how to use it and Copy', async () => {
    let listed: ApiKey[] = [];
    const calls: ApiCall[] = stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      [keysList]: () => json(listed),
      [create]: () => {
        listed = [key({ name: 'Home', agents: ['writer'], expiresAt: '2026-12-26T10:00:00.000Z' })];
        return json({ apiKey: listed[0], secret }, 201);
      },
    });
    renderKeys();
    const choices = await screen.findByRole('group', { name: 'Agents' });
    // An agent meant for someone else is not offered.
    expect(await within(choices).findAllByRole('checkbox')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Please give the key a name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Home  ' } });
    fireEvent.click(within(choices).getByRole('checkbox', { name: /Writer/ }));
    fireEvent.change(screen.getByLabelText('Expires after (days)'), { target: { value: 'soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 3650.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Expires after (days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Let confirm tools run' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const field = await screen.findByLabelText('API key');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Home',
      agents: ['writer'],
      expiresInDays: 30,
      allowConfirmTools: true,
    });
    expect(field).toHaveValue(secret);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription('Copy it now: it will not be shown again.');
    expect(screen.getByRole('heading', { level: 3, name: 'Your new key: Home' })).toHaveFocus();
    expect(screen.getByText(`${window.location.origin}/v1`)).toBeInTheDocument();
    expect(screen.getByText('writer')).toBeInTheDocument();
    expect(screen.getByText(/curl .*\/v1\/chat\/completions/)).toHaveTextContent(`Bearer ${secret}`);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // The list shows the new key, never the key itself.
    expect(await screen.findByRole('heading', { level: 3, name: 'Home' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("says why the server refused a key, in the server's words", async () => {
    stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      [keysList]: () => json([]),
      [create]: () =>
        json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Invalid request',
            details: ['agents: "x" is not a known agent'],
          },
          400,
        ),
    });
    renderKeys();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Home' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not create the key. Invalid request agents: "x" is not a known agent',
    );
  });

  it('revokes a key after asking; Cancel keeps it', async () => {
    let listed = [key()];
    const calls = stubApi({
      [check]: () => json({ authorized: true }),
      [agentsList]: () => json(agents),
      [keysList]: () => json(listed),
      [`DELETE /api/keys/${key().id}`]: () => {
        listed = [key({ revokedAt: '2026-11-26T10:00:00.000Z' })];
        return json(listed[0]);
      },
    });
    renderKeys();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke My editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the key “My editor”?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke My editor' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke My editor' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'My editor' }).closest('article')).toHaveTextContent(
      'Revoked',
    );
  });
});

describe('the helpers', () => {
  it('reads the expiry as days, empty as never, anything else as invalid', () => {
    expect(expiryDays('')).toBeNull();
    expect(expiryDays(' 7 ')).toBe(7);
    expect(expiryDays('0')).toBeUndefined();
    expect(expiryDays('3651')).toBeUndefined();
    expect(expiryDays('1.5')).toBeUndefined();
  });

  it('writes a curl example against /v1 with the key and the model', () => {
    const example = curlExample('https://example.org', 'mb-key', 'helper');
    expect(example).toContain('curl https://example.org/v1/chat/completions');
    expect(example).toContain('Authorization: Bearer mb-key');
    expect(example).toContain('"model":"helper"');
  });
});
