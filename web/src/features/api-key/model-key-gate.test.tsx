import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/toast/toasts';
import type { AgentDefinition } from '../../lib/api/agents';
import type { SettingsResponse } from '../../lib/api/settings';
import { modelKeyStorageName } from '../../lib/model-key';
import { failureWordings, SERVER_UNREACHABLE } from '../../lib/failure-wording';
import { newQueryClient } from '../../test/render-at';
import { ModelKeyGate } from './model-key-gate';
import type * as Toasts from '../../components/toast/toasts';

vi.mock('../../components/toast/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  toast: vi.fn(),
}));

const userKey = 'sk-test-user-key-000000000000000000';
const chatText = 'The chat itself';

const agent = {
  id: 'clinic',
  display: {
    title: 'The Clinic',
    header: 'the clinic',
    name: 'The Clinic',
    loadingText: 'Connecting to AI service...',
  },
  keyForm: { intro: 'To use our assistant, please provide an OpenAI API key.' },
} as AgentDefinition;

const keyless: SettingsResponse = {
  hasOpenAIKey: false,
  clientInitialized: false,
  assistantAPIInitialized: false,
  hasSerperApiKey: false,
};
const keyed: SettingsResponse = {
  hasOpenAIKey: true,
  clientInitialized: true,
  assistantAPIInitialized: true,
  hasSerperApiKey: false,
};

type Route = (init: RequestInit | undefined) => Promise<Response>;

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** Answers GET /api/settings and POST /api/openai/verify-key as given; records every call. */
function stubServer(routes: { settings: Route; verify?: Route }) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/settings') return routes.settings(init);
    if (url === '/api/openai/verify-key' && routes.verify) return routes.verify(init);
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const verifyCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/openai/verify-key');

function renderGate() {
  const client = newQueryClient();
  return render(
    <JotaiProvider>
      <QueryClientProvider client={client}>
        <ModelKeyGate agent={agent}>
          <p>{chatText}</p>
        </ModelKeyGate>
      </QueryClientProvider>
    </JotaiProvider>,
  );
}

const keyField = () => screen.getByLabelText('OpenAI API key');
const connectButton = () => screen.getByRole('button', { name: 'Connect to OpenAI' });

function submitKey(value: string) {
  fireEvent.change(keyField(), { target: { value } });
  fireEvent.click(connectButton());
}

describe(ModelKeyGate.name, () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    vi.mocked(toast).mockClear();
  });

  afterEach(() => {
    sessionStorage.clear();
  });

  describe('choosing between the chat and the key form', () => {
    it("shows the agent's loading text while the settings load", () => {
      stubServer({ settings: () => new Promise<Response>(() => {}) });
      renderGate();

      expect(screen.getByRole('status')).toHaveTextContent('Connecting to AI service...');
      expect(screen.queryByText(chatText)).toBeNull();
    });

    it('shows the chat when the server has a working key', async () => {
      stubServer({ settings: () => json(keyed) });
      renderGate();

      expect(await screen.findByText(chatText)).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Enter your OpenAI API Key' })).toBeNull();
    });

    it('shows the chat when the user already entered a key in this tab', async () => {
      sessionStorage.setItem(modelKeyStorageName, JSON.stringify(userKey));
      stubServer({ settings: () => json(keyless) });
      renderGate();

      expect(await screen.findByText(chatText)).toBeInTheDocument();
    });

    it('shows the key form with the agent intro when neither has a key', async () => {
      stubServer({ settings: () => json(keyless) });
      renderGate();

      const form = await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });
      expect(form).toBeInTheDocument();
      expect(screen.getByText(agent.keyForm!.intro!)).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Server connection active');
      expect(keyField()).toHaveAttribute('type', 'password');
      expect(keyField()).toHaveAttribute('placeholder', 'sk-...');
      expect(screen.getByText(/kept only in this browser tab/)).toBeInTheDocument();
      const link = screen.getByRole('link', { name: /get an api key/i });
      expect(link).toHaveAttribute('href', 'https://platform.openai.com/api-keys');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(screen.queryByText(chatText)).toBeNull();
    });

    it('shows the key form when the server has a key but its client did not start', async () => {
      stubServer({ settings: () => json({ ...keyed, clientInitialized: false }) });
      renderGate();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Connection Error');
      expect(alert).toHaveTextContent(
        'OpenAI client failed to initialize on the server. Please refresh the page to try again.',
      );
      expect(screen.getByRole('button', { name: 'Retry Connection' })).toBeInTheDocument();
      expect(screen.queryByText(chatText)).toBeNull();
    });

    it.each([
      ['answers with an error', () => json({ statusCode: 500, code: 'INTERNAL', message: 'Internal error' }, 500)],
      ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ])('shows a connection error and a retry button when the settings call %s', async (_case, settings) => {
      stubServer({ settings });
      renderGate();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Connection Error');
      expect(alert).toHaveTextContent('Could not connect to the server. Please try again later.');
      expect(screen.getByRole('button', { name: 'Retry Connection' })).toBeInTheDocument();
      expect(keyField()).toBeInTheDocument();
    });

    it('reloads the page on Retry Connection', async () => {
      stubServer({ settings: () => json({}, 500) });
      const reload = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
      renderGate();

      fireEvent.click(await screen.findByRole('button', { name: 'Retry Connection' }));

      expect(reload).toHaveBeenCalledOnce();
    });
  });

  describe('checking the key before asking the server', () => {
    it.each([
      ['', 'Please enter your OpenAI API key'],
      ['   ', 'Please enter your OpenAI API key'],
      ['pk-0123456789012345678901234567890', "OpenAI API keys should start with 'sk-'"],
      ['sk-too-short', 'API key appears to be too short'],
    ])('rejects %j with the message under the field', async (value, message) => {
      const fetchMock = stubServer({ settings: () => json(keyless), verify: () => json({ valid: true }) });
      renderGate();
      await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });

      submitKey(value);

      expect(keyField()).toHaveAttribute('aria-invalid', 'true');
      expect(keyField()).toHaveAccessibleDescription(message);
      expect(keyField()).toHaveFocus();
      expect(verifyCalls(fetchMock)).toHaveLength(0);
      expect(toast).not.toHaveBeenCalled();
    });

    it('clears the message once the user edits the key', async () => {
      stubServer({ settings: () => json(keyless) });
      renderGate();
      await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });
      submitKey('');

      fireEvent.change(keyField(), { target: { value: 's' } });

      expect(keyField()).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText('Please enter your OpenAI API key')).toBeNull();
    });
  });

  describe('verifying the key with the server', () => {
    it('sends the key in the X-OpenAI-Key header, saves it for this tab and shows the chat', async () => {
      const fetchMock = stubServer({ settings: () => json(keyless), verify: () => json({ valid: true }) });
      renderGate();
      await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });

      submitKey(`  ${userKey} `);

      expect(await screen.findByText(chatText)).toBeInTheDocument();
      const [[, init]] = verifyCalls(fetchMock);
      expect(init?.method).toBe('POST');
      expect((init?.headers as Record<string, string>)['X-OpenAI-Key']).toBe(userKey);
      expect(JSON.parse(sessionStorage.getItem(modelKeyStorageName)!)).toBe(userKey);
      expect(JSON.stringify({ ...localStorage })).not.toContain(userKey);
      expect(toast).toHaveBeenCalledWith({
        title: 'Success',
        description: 'Your OpenAI API key has been validated successfully',
      });
    });

    it('says Connecting... and blocks another submit while the server checks', async () => {
      let answer: (response: Response) => void = () => {};
      const fetchMock = stubServer({
        settings: () => json(keyless),
        verify: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      renderGate();
      await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });

      submitKey(userKey);

      const busy = await screen.findByRole('button', { name: 'Connecting...' });
      expect(busy).toBeDisabled();
      fireEvent.submit(busy.closest('form')!);
      expect(verifyCalls(fetchMock)).toHaveLength(1);

      await act(() =>
        Promise.resolve().then(() =>
          answer(new Response(JSON.stringify({ valid: true }), { headers: { 'content-type': 'application/json' } })),
        ),
      );
      expect(await screen.findByText(chatText)).toBeInTheDocument();
    });

    it.each([
      ['UNAUTHORIZED', 502],
      ['RATE_LIMIT', 429],
      ['TIMEOUT', 504],
      ['NETWORK_ERROR', 502],
    ] as const)('keeps the form and toasts Invalid API Key with the %s text', async (code, status) => {
      stubServer({
        settings: () => json(keyless),
        verify: () => json({ statusCode: status, code, message: `upstream said something about ${userKey}` }, status),
      });
      renderGate();
      await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });

      submitKey(userKey);

      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith({
          title: 'Invalid API Key',
          description: failureWordings[code]?.text,
          variant: 'destructive',
        }),
      );
      expect(await screen.findByRole('button', { name: 'Connect to OpenAI' })).toBeEnabled();
      expect(screen.queryByText(chatText)).toBeNull();
      expect(sessionStorage.getItem(modelKeyStorageName)).toBeNull();
      expect(JSON.stringify(vi.mocked(toast).mock.calls)).not.toContain(userKey);
      expect(document.body.innerHTML).not.toContain(userKey);
    });

    it('toasts a server-unreachable text when the check gets no answer', async () => {
      stubServer({ settings: () => json(keyless), verify: () => Promise.reject(new TypeError('Failed to fetch')) });
      renderGate();
      await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });

      submitKey(userKey);

      await waitFor(() => expect(toast).toHaveBeenCalledOnce());
      expect(vi.mocked(toast).mock.calls[0][0]).toMatchObject({ title: 'Invalid API Key', variant: 'destructive' });
      expect(vi.mocked(toast).mock.calls[0][0].description).toBe(failureWordings[SERVER_UNREACHABLE].text);
    });

    it('toasts a generic text for any other failure', async () => {
      stubServer({
        settings: () => json(keyless),
        verify: () => json({ statusCode: 502, code: 'UPSTREAM_ERROR', message: 'x' }, 502),
      });
      renderGate();
      await screen.findByRole('region', { name: 'Enter your OpenAI API Key' });

      submitKey(userKey);

      await waitFor(() => expect(toast).toHaveBeenCalledOnce());
      expect(vi.mocked(toast).mock.calls[0][0].description).toBe('The key could not be verified. Please try again.');
    });
  });
});
