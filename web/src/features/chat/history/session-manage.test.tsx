import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession } from '../../../lib/api/sessions';
import { queryClient as appQueryClient } from '../../../lib/query-client';
import { requestUrl } from '../../../test/request-url';
import { SessionEntry } from './session-entry';

const chat: ChatSession = {
  id: 's1',
  title: 'Trip to Lisbon',
  systemPrompt: null,
  summary: null,
  agentType: 'trips',
  persona: null,
  pinned: false,
  createdAt: '2024-11-20T10:00:00.000Z',
  updatedAt: '2024-11-21T15:05:00.000Z',
};

type Call = { method: string; url: string; body: unknown };

/** PATCH answers the chat as changed; everything else an empty list. */
function stubApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init.method ?? 'GET', url: requestUrl(input), body };
      calls.push(call);
      const answer = call.method === 'PATCH' ? { ...chat, ...(body as object) } : [];
      return Promise.resolve(
        new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return { patches: () => calls.filter((call) => call.method === 'PATCH') };
}

function renderEntry(session: ChatSession = chat) {
  const client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <JotaiProvider store={createStore()}>
      <QueryClientProvider client={client}>
        <ul>{children}</ul>
      </QueryClientProvider>
    </JotaiProvider>
  );
  render(<SessionEntry session={session} agentId="trips" current={false} onContinue={vi.fn()} onDeleted={vi.fn()} />, {
    wrapper,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('rename, pin and export in a history entry', () => {
  it("marks a chat the API kept with its key's name, and no other", () => {
    stubApi();
    renderEntry({ ...chat, apiKeyName: 'Home Assistant' });
    expect(screen.getByText('API · Home Assistant')).toBeInTheDocument();
  });

  it('shows no API mark on a chat of the chat page', () => {
    stubApi();
    renderEntry();
    expect(screen.queryByText(/^API ·/)).not.toBeInTheDocument();
  });

  it('renames inline: blank refused with a message, Escape cancels, Enter saves the trimmed title', async () => {
    const api = stubApi();
    renderEntry();
    const rename = screen.getByRole('button', { name: 'Rename chat' });
    fireEvent.click(rename);
    const input = screen.getByRole('textbox', { name: 'Chat title' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveValue('Trip to Lisbon');

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input);
    expect(screen.getByRole('alert')).toHaveTextContent('The title cannot be blank.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull();
    await waitFor(() => expect(rename).toHaveFocus());

    fireEvent.click(rename);
    const again = screen.getByRole('textbox', { name: 'Chat title' });
    fireEvent.change(again, { target: { value: '  Lisbon in May ' } });
    fireEvent.submit(again);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull());
    expect(api.patches()).toEqual([
      { method: 'PATCH', url: '/api/chat/sessions/s1', body: { title: 'Lisbon in May' } },
    ]);
  });

  it("'Pin chat' is a toggle button: pressed when pinned, and it sends the opposite", async () => {
    const api = stubApi();
    renderEntry({ ...chat, pinned: true });
    const pin = screen.getByRole('button', { name: 'Pin chat' });
    expect(pin).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    fireEvent.click(pin);
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0].body).toEqual({ pinned: false });
  });

  it("'Export chat' discloses the two formats", () => {
    stubApi();
    renderEntry();
    const exportButton = screen.getByRole('button', { name: 'Export chat' });
    expect(exportButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'JSON (.json)' })).toBeNull();
    fireEvent.click(exportButton);
    expect(exportButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Export format' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Markdown (.md)' })).toBeVisible();
    fireEvent.keyDown(screen.getByRole('button', { name: 'JSON (.json)' }), { key: 'Escape' });
    expect(exportButton).toHaveAttribute('aria-expanded', 'false');
    expect(exportButton).toHaveFocus();
  });
});
