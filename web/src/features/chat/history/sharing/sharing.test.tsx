import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';
import { toast } from '../../../../components/toast/toasts';
import type * as Toasts from '../../../../components/toast/toasts';
import type { ChatSession } from '../../../../lib/api/sessions';
import { queryClient as appQueryClient } from '../../../../lib/query-client';
import { json, stubApi } from '../../../../test/stub-api';
import { SessionEntry } from '../session-entry';
import { sharedMarkerText } from './sharing-texts';

vi.mock('../../../../components/toast/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  toast: vi.fn(),
}));

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

const mine: ChatSharing = {
  yours: true,
  shared: false,
  sharedBy: null,
  sharedAt: null,
  canChange: true,
  canShare: true,
};
const sharedByMe: ChatSharing = { ...mine, shared: true, sharedBy: 'Anna', sharedAt: '2024-11-21T16:00:00.000Z' };
const sharedWithMe: ChatSharing = { ...sharedByMe, yours: false, canChange: false, canShare: false };
const fromBeforePeople: ChatSharing = { ...mine, yours: false, shared: true, canShare: false };

function renderEntry(session: ChatSession) {
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

const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe(sharedMarkerText.name, () => {
  it('names who shared a chat, says only "Shared" for one from before people, nothing for a private one', () => {
    expect(sharedMarkerText(sharedWithMe)).toBe('Shared by Anna');
    expect(sharedMarkerText(fromBeforePeople)).toBe('Shared');
    expect(sharedMarkerText(mine)).toBeNull();
    expect(sharedMarkerText(undefined)).toBeNull();
  });
});

describe('sharing in a history entry', () => {
  it('without people: no marker, no share action, every change offered as before', () => {
    stubApi({});
    renderEntry(chat);
    expect(screen.queryByText(/^Shared/)).not.toBeInTheDocument();
    expect(button('Share with the circle')).not.toBeInTheDocument();
    for (const name of ['Summarize', 'Rename chat', 'Pin chat', 'Delete', 'Continue Chat']) {
      expect(button(name)).toBeInTheDocument();
    }
  });

  it("someone else's shared chat: marked with who shared it, readable, never changed or shared", () => {
    stubApi({});
    renderEntry({ ...chat, sharing: sharedWithMe });
    expect(screen.getByText('Shared by Anna')).toBeInTheDocument();
    for (const name of ['Summarize', 'Rename chat', 'Pin chat', 'Delete', 'Share with the circle', 'Stop sharing']) {
      expect(button(name)).not.toBeInTheDocument();
    }
    expect(button('Continue Chat')).toBeInTheDocument();
  });

  it('a chat from before people is marked "Shared" and may be changed, but not shared by another', () => {
    stubApi({});
    renderEntry({ ...chat, sharing: fromBeforePeople });
    expect(screen.getByText('Shared')).toBeInTheDocument();
    expect(button('Delete')).toBeInTheDocument();
    expect(button('Share with the circle')).not.toBeInTheDocument();
  });

  it('the owner shares a private chat: PATCH shared, the list asked again, the change announced', async () => {
    const calls = stubApi({
      'PATCH /api/chat/sessions/s1': () => json({ ...chat, sharing: sharedByMe }),
      'GET /api/chat/sessions': () => json({ items: [] }),
    });
    renderEntry({ ...chat, sharing: mine });
    expect(screen.queryByText(/^Shared/)).not.toBeInTheDocument();
    const share = screen.getByRole('button', { name: 'Share with the circle' });
    expect(share).toHaveAccessibleDescription('Trip to Lisbon');

    fireEvent.click(share);

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Chat Shared',
        description: 'Everyone in the circle can read it now.',
      }),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ shared: true });
  });

  it('the owner stops sharing a shared chat', async () => {
    const calls = stubApi({
      'PATCH /api/chat/sessions/s1': () => json({ ...chat, sharing: mine }),
      'GET /api/chat/sessions': () => json({ items: [] }),
    });
    renderEntry({ ...chat, sharing: sharedByMe });
    expect(screen.getByText('Shared by Anna')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Chat Private', description: 'Only you can see it now.' }),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ shared: false });
  });

  it('a refused change is said, and the button offered again', async () => {
    stubApi({ 'PATCH /api/chat/sessions/s1': () => json({ statusCode: 404, code: 'NOT_FOUND' }, 404) });
    renderEntry({ ...chat, sharing: mine });

    fireEvent.click(screen.getByRole('button', { name: 'Share with the circle' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to change who can see the chat. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(button('Share with the circle')).toBeInTheDocument();
  });
});
