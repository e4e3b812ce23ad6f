import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/toast/toasts';
import type * as Toasts from '../../components/toast/toasts';
import { AccessGate } from './access-gate';
import { deferred, json, stubApi } from '../../test/stub-api';
import { renderAt } from '../../test/render-at';
import { testAgent } from '../../test/test-agent';
import type { PublicAgent } from '../../lib/api/agents';

vi.mock('../../components/toast/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  toast: vi.fn(),
}));

const check = '/api/auth/check-access';
const grant = '/api/auth/grant-access';

const passcodeAgent = testAgent({
  denied: 'passcode',
  checkingText: 'Checking...',
  passcode: {
    title: 'Sample Title',
    subtitle: 'A sample subtitle',
    placeholder: 'Enter the code',
    button: 'Open Sample',
    busyButton: 'Checking the code...',
    welcome: 'Welcome to Sample',
  },
  persistFlag: true,
});
const redirectAgent = testAgent({ denied: 'redirect', persistFlag: false });
const alertAgent = testAgent({
  denied: 'alert',
  alert: { title: 'Sample Restricted', text: 'Authorize on the hub first.' },
  persistFlag: false,
});

function renderGate(agent: PublicAgent) {
  return renderAt('/sample', <AccessGate agent={agent}>{<p>the agent page</p>}</AccessGate>);
}

const field = () => screen.getByLabelText('Access code');
const location = () => screen.getByTestId('location').textContent;

function typeAndSubmit(code: string, button = 'Open Sample') {
  fireEvent.change(field(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe(AccessGate.name, () => {
  beforeEach(() => {
    vi.mocked(toast).mockClear();
    sessionStorage.clear();
    localStorage.clear();
  });

  it("shows the agent's checking text while the server is asked", async () => {
    stubApi({ [`GET ${check}`]: () => new Promise(() => {}) });
    renderGate(passcodeAgent);

    expect(await screen.findByRole('status')).toHaveTextContent('Checking...');
    expect(screen.queryByText('the agent page')).not.toBeInTheDocument();
  });

  it('falls back to the loading text when the agent has no checking text', async () => {
    stubApi({ [`GET ${check}`]: () => new Promise(() => {}) });
    renderGate(redirectAgent);

    expect(await screen.findByRole('status')).toHaveTextContent('Connecting...');
  });

  it('shows the page once the server grants access, and keeps the browser hint in line', async () => {
    stubApi({ [`GET ${check}`]: () => json({ authorized: true }) });
    renderGate(passcodeAgent);

    expect(await screen.findByText('the agent page')).toBeInTheDocument();
    expect(sessionStorage.getItem('mbAccess')).toBe('granted');
    expect(localStorage.getItem('mbAccess')).toBe('granted');
  });

  it('does not trust the browser flag: the server decides, and a refusal clears the flags', async () => {
    sessionStorage.setItem('mbAccess', 'granted');
    localStorage.setItem('mbAccess', 'granted');
    stubApi({ [`GET ${check}`]: () => json({ authorized: false }) });
    renderGate(alertAgent);

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('the agent page')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('mbAccess')).toBeNull();
    expect(localStorage.getItem('mbAccess')).toBeNull();
  });

  it("'redirect': toasts 'Access Required' and replaces the page with the hub", async () => {
    stubApi({ [`GET ${check}`]: () => json({ authorized: false }) });
    renderGate(redirectAgent);

    await waitFor(() => expect(location()).toBe('/mb'));
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({
      title: 'Access Required',
      description: 'Please enter the access code to view this page.',
    });
  });

  it("'alert': shows the agent's alert and a way to the hub, without leaving the page", async () => {
    stubApi({ [`GET ${check}`]: () => json({ authorized: false }) });
    renderGate(alertAgent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sample Restricted');
    expect(alert).toHaveTextContent('Authorize on the hub first.');
    expect(screen.getByRole('heading', { level: 1, name: 'sample agent' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to MB' })).toHaveAttribute('href', '/mb');
    expect(location()).toBe('/sample');
    expect(toast).not.toHaveBeenCalled();
  });

  it("'passcode': shows the agent's passcode screen with a way home", async () => {
    stubApi({ [`GET ${check}`]: () => json({ authorized: false }) });
    renderGate(passcodeAgent);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sample Title' })).toBeInTheDocument();
    expect(screen.getByText('A sample subtitle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(field()).toHaveAttribute('type', 'password');
    expect(field()).toHaveAttribute('placeholder', 'Enter the code');
    expect(document.title).toBe('Sample · mb');
  });

  it('keeps the button disabled while the field is empty or only spaces', async () => {
    stubApi({ [`GET ${check}`]: () => json({ authorized: false }) });
    renderGate(passcodeAgent);
    const button = await screen.findByRole('button', { name: 'Open Sample' });

    expect(button).toBeDisabled();
    fireEvent.change(field(), { target: { value: '   ' } });
    expect(button).toBeDisabled();
    fireEvent.submit(button.closest('form')!);
    fireEvent.change(field(), { target: { value: 'x' } });
    expect(button).toBeEnabled();
  });

  it('sends the code to the server, shows the busy label, then opens the page without a reload', async () => {
    let authorized = false;
    const answer = deferred();
    const calls = stubApi({
      [`GET ${check}`]: () => json({ authorized }),
      [`POST ${grant}`]: () => answer.promise,
    });
    renderGate(passcodeAgent);
    await screen.findByRole('heading', { name: 'Sample Title' });

    typeAndSubmit('The-Code');
    expect(await screen.findByRole('button', { name: 'Checking the code...' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ passcode: 'The-Code' });

    authorized = true;
    await act(async () => {
      answer.release(json({ success: true }));
      await answer.promise;
    });

    expect(await screen.findByText('the agent page')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({ title: 'Access Granted', description: 'Welcome to Sample' });
    expect(sessionStorage.getItem('mbAccess')).toBe('granted');
    expect(localStorage.getItem('mbAccess')).toBe('granted');
  });

  it("a wrong code: 'Access Denied' toast and an empty field", async () => {
    stubApi({
      [`GET ${check}`]: () => json({ authorized: false }),
      [`POST ${grant}`]: () =>
        json({ statusCode: 401, code: 'ACCESS_DENIED', message: 'Invalid passcode. Please try again.' }, 401),
    });
    renderGate(passcodeAgent);
    await screen.findByRole('heading', { name: 'Sample Title' });

    typeAndSubmit('wrong');

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Access Denied',
        description: 'Invalid passcode. Please try again.',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(field()).toHaveValue(''));
    expect(field()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open Sample' })).toBeDisabled();
    expect(screen.queryByText('the agent page')).not.toBeInTheDocument();
  });

  it('too many wrong codes: says so and when to try again', async () => {
    stubApi({
      [`GET ${check}`]: () => json({ authorized: false }),
      [`POST ${grant}`]: () => json({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS' }, 429, { 'Retry-After': '840' }),
    });
    renderGate(passcodeAgent);
    await screen.findByRole('heading', { name: 'Sample Title' });

    typeAndSubmit('wrong');

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Access Denied',
        description: 'Too many attempts. Please try again in 14 minutes.',
        variant: 'destructive',
      }),
    );
  });

  it("a failure to ask: 'Error' toast, and the typed code stays", async () => {
    stubApi({
      [`GET ${check}`]: () => json({ authorized: false }),
      [`POST ${grant}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderGate(passcodeAgent);
    await screen.findByRole('heading', { name: 'Sample Title' });

    typeAndSubmit('the-code');

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to verify passcode. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(field()).toHaveValue('the-code');
    expect(screen.getByRole('button', { name: 'Open Sample' })).toBeEnabled();
  });

  it('when the check itself fails, offers to ask again instead of guessing', async () => {
    let fail = true;
    stubApi({ [`GET ${check}`]: () => (fail ? json({ statusCode: 500 }, 500) : json({ authorized: true })) });
    renderGate(redirectAgent);

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not check your access. Please try again.');
    expect(location()).toBe('/sample');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the agent page')).toBeInTheDocument();
  });
});
