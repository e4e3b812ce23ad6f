import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, useToasts, type ToastItem } from '../../../components/toast/toasts';
import type { ChatSession } from '../../../lib/api/sessions';
import { useModelKey } from '../../../lib/model-key';
import { queryClient as appQueryClient } from '../../../lib/query-client';
import { installDialogSupport } from '../../../test/dialog-support';
import { requestUrl } from '../../../test/request-url';
import { formatUpdatedAt } from './format-updated-at';
import { HistoryPanel, type HistoryPanelProps } from './history-panel';

const agentId = 'trips';
const listUrl = `/api/chat/sessions?agentType=${agentId}`;
const deleteQuestion = 'Are you sure you want to delete this chat session?';

function session(overrides: Partial<ChatSession> & Pick<ChatSession, 'id' | 'title'>): ChatSession {
  return {
    systemPrompt: null,
    summary: null,
    agentType: agentId,
    createdAt: '2024-11-20T10:00:00.000Z',
    updatedAt: '2024-11-21T15:05:00.000Z',
    persona: null,
    pinned: false,
    ...overrides,
  };
}

const trip = session({
  id: 's1',
  title: 'Trip to Lisbon',
  summary: 'Flights and hotels for a week in May.',
  updatedAt: '2024-11-21T15:05:00.000Z',
});
const dinner = session({ id: 's2', title: 'Dinner ideas', updatedAt: '2024-11-19T08:30:00.000Z' });

type Call = { method: string; url: string; headers: Headers };
/** Answers one call; `serve` is the fake's normal answer, for a route that only delays or wraps it. */
type Route = (call: Call, serve: (call: Call) => Response) => Response | Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status = 500) => new Response('boom', { status, statusText: 'Internal Server Error' });
const never = () => new Promise<Response>(() => {});

/** A promise the test settles when it chooses, to hold a request in flight. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A fake of the sessions API (GET list, DELETE one, POST summarize) keeping its own list; any route can be replaced. */
function stubApi(initial: ChatSession[], routes: { list?: Route; remove?: Route; summarize?: Route } = {}) {
  let sessions = [...initial];
  const calls: Call[] = [];
  const idIn = (url: string) => url.split('/')[4];
  const serve = {
    list: () => json(sessions),
    remove: ({ url }: Call) => {
      sessions = sessions.filter((item) => item.id !== idIn(url));
      return new Response(null, { status: 204 });
    },
    summarize: ({ url }: Call) => {
      sessions = sessions.map((item) => (item.id === idIn(url) ? { ...item, summary: 'A fresh summary.' } : item));
      return json(sessions.find((item) => item.id === idIn(url)));
    },
  };
  const answer = (route: Route | undefined, fallback: (call: Call) => Response, call: Call) =>
    route ? route(call, fallback) : fallback(call);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: requestUrl(input), headers: new Headers(init.headers) };
      calls.push(call);
      if (call.method === 'GET' && call.url === listUrl) return answer(routes.list, serve.list, call);
      if (call.method === 'DELETE') return answer(routes.remove, serve.remove, call);
      if (call.method === 'POST' && call.url.endsWith('/summarize'))
        return answer(routes.summarize, serve.summarize, call);
      return failure(404);
    }),
  );
  return {
    calls,
    listCalls: () => calls.filter((call) => call.method === 'GET' && call.url === listUrl).length,
  };
}

function renderSut(props: Partial<HistoryPanelProps> = {}, options: { modelKey?: string } = {}) {
  const client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  const store = createStore();
  if (options.modelKey) {
    const keyHook = renderHook(() => useModelKey(), {
      wrapper: ({ children }: { children: ReactNode }) => <JotaiProvider store={store}>{children}</JotaiProvider>,
    });
    act(() => keyHook.result.current[1](options.modelKey ?? null));
  }
  const handlers = { onContinue: vi.fn(), onNewChat: vi.fn(), onDeleted: vi.fn(), onOpenResult: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </JotaiProvider>
  );
  shownToasts = renderHook(() => useToasts()).result;
  render(<HistoryPanel id="chat-history" agentId={agentId} currentSessionId={null} {...handlers} {...props} />, {
    wrapper,
  });
  return handlers;
}

/** The toasts on screen, as a hook of each test's renderSut last read them; waitFor polls `current`. */
let shownToasts: { readonly current: readonly ToastItem[] } = { current: [] };

async function expectToast(expected: Partial<ToastItem>) {
  await waitFor(() => expect(shownToasts.current[0]).toMatchObject(expected));
}

const panel = () => screen.getByRole('complementary', { name: 'Chat History' });
const entry = (title: string) =>
  screen.getAllByRole('listitem').find((item) => within(item).queryByRole('heading', { name: title })) ??
  (() => {
    throw new Error(`no entry titled ${title}`);
  })();
const findEntry = async (title: string) => {
  await screen.findByRole('heading', { level: 3, name: title });
  return entry(title);
};
const confirmDialog = () => screen.getByRole('dialog', { name: deleteQuestion });

describe(HistoryPanel.name, () => {
  let removeDialogSupport: () => void;
  beforeAll(() => {
    removeDialogSupport = installDialogSupport();
  });
  afterAll(() => removeDialogSupport());
  beforeEach(() => {
    const { result, unmount } = renderHook(() => useToasts());
    for (const item of result.current) dismissToast(item.id);
    unmount();
  });
  afterEach(() => sessionStorage.clear());

  describe('panel', () => {
    it("is a landmark named 'Chat History' carrying the given id, with a level-2 title", () => {
      stubApi([]);
      renderSut();

      expect(panel()).toHaveAttribute('id', 'chat-history');
      expect(within(panel()).getByRole('heading', { level: 2, name: 'Chat History' })).toBeInTheDocument();
    });

    it("calls onNewChat when 'New Chat' is pressed", () => {
      stubApi([trip]);
      const { onNewChat } = renderSut();

      fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));

      expect(onNewChat).toHaveBeenCalledOnce();
    });
  });

  describe('states', () => {
    it("shows 'Loading sessions...' while the list loads", () => {
      stubApi([], { list: never });
      renderSut();

      expect(screen.getByRole('status')).toHaveTextContent('Loading sessions...');
    });

    it("shows 'Failed to load sessions' when the list fails, and the refresh button retries", async () => {
      let fail = true;
      const api = stubApi([trip], { list: () => (fail ? failure() : json([trip])) });
      renderSut();

      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load sessions');

      fail = false;
      fireEvent.click(screen.getByRole('button', { name: 'Refresh sessions' }));

      expect(await findEntry('Trip to Lisbon')).toBeInTheDocument();
      expect(screen.queryByText('Failed to load sessions')).not.toBeInTheDocument();
      expect(api.listCalls()).toBe(2);
    });

    it('invites the user to start a chat when there are no sessions', async () => {
      stubApi([]);
      renderSut();

      expect(await screen.findByText('No chat sessions found. Create a new one to get started.')).toBeInTheDocument();
      expect(screen.queryByRole('list')).not.toBeInTheDocument();
    });
  });

  describe('entries', () => {
    it("lists this agent's sessions in the order the server sent them", async () => {
      const api = stubApi([trip, dinner]);
      renderSut();

      await findEntry('Trip to Lisbon');
      const titles = within(screen.getByRole('list'))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
      expect(titles).toEqual(['Trip to Lisbon', 'Dinner ideas']);
      expect(api.calls[0]).toMatchObject({ method: 'GET', url: listUrl });
    });

    it('shows the last-updated time in a <time> element and the summary when there is one', async () => {
      stubApi([trip, dinner]);
      renderSut();

      const tripEntry = await findEntry('Trip to Lisbon');
      const time = tripEntry.querySelector('time');
      expect(time).toHaveAttribute('datetime', trip.updatedAt);
      expect(time).toHaveTextContent(formatUpdatedAt(trip.updatedAt));
      expect(within(tripEntry).getByText('Flights and hotels for a week in May.')).toBeInTheDocument();

      const dinnerEntry = entry('Dinner ideas');
      expect(dinnerEntry.querySelectorAll('p')).toHaveLength(0);
    });

    it('marks the current session with aria-current', async () => {
      stubApi([trip, dinner]);
      renderSut({ currentSessionId: dinner.id });

      expect(await findEntry('Dinner ideas')).toHaveAttribute('aria-current', 'true');
      expect(entry('Trip to Lisbon')).not.toHaveAttribute('aria-current');
    });

    it('names the session each button acts on for assistive technology, keeping the visible text short', async () => {
      stubApi([trip]);
      renderSut();

      const tripEntry = await findEntry('Trip to Lisbon');
      for (const name of ['Summarize', 'Delete', 'Continue Chat']) {
        expect(within(tripEntry).getByRole('button', { name })).toHaveAccessibleDescription('Trip to Lisbon');
      }
    });

    it("calls onContinue with the session when 'Continue Chat' is pressed", async () => {
      stubApi([trip, dinner]);
      const { onContinue } = renderSut();

      fireEvent.click(within(await findEntry('Dinner ideas')).getByRole('button', { name: 'Continue Chat' }));

      expect(onContinue).toHaveBeenCalledExactlyOnceWith(dinner);
    });
  });

  describe('refresh', () => {
    it('reloads the list and reports busy while it does', async () => {
      const reply = gate();
      const api = stubApi([trip], {
        list: async (call, serve) => {
          if (api.listCalls() === 1) return serve(call);
          await reply.opened;
          return json([trip, dinner]);
        },
      });
      renderSut();
      await findEntry('Trip to Lisbon');
      const refresh = screen.getByRole('button', { name: 'Refresh sessions' });
      expect(refresh).toHaveAttribute('aria-busy', 'false');

      fireEvent.click(refresh);

      await waitFor(() => expect(refresh).toHaveAttribute('aria-busy', 'true'));
      reply.open();
      expect(await findEntry('Dinner ideas')).toBeInTheDocument();
      expect(refresh).toHaveAttribute('aria-busy', 'false');
    });
  });

  describe('delete', () => {
    it('asks for confirmation in a modal dialog with focus on Cancel', async () => {
      stubApi([trip]);
      renderSut();

      fireEvent.click(within(await findEntry('Trip to Lisbon')).getByRole('button', { name: 'Delete' }));

      const dialog = confirmDialog();
      expect(dialog).toHaveAttribute('open');
      expect(dialog).toHaveAccessibleDescription('Trip to Lisbon');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    });

    it('deletes nothing when cancelled, and gives focus back to the Delete button', async () => {
      const api = stubApi([trip]);
      const { onDeleted } = renderSut();
      const deleteButton = within(await findEntry('Trip to Lisbon')).getByRole('button', { name: 'Delete' });
      deleteButton.focus();
      fireEvent.click(deleteButton);

      fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(deleteButton).toHaveFocus();
      expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
      expect(onDeleted).not.toHaveBeenCalled();
    });

    it('deletes nothing when Escape is pressed', async () => {
      const api = stubApi([trip]);
      renderSut();
      fireEvent.click(within(await findEntry('Trip to Lisbon')).getByRole('button', { name: 'Delete' }));

      fireEvent.keyDown(within(confirmDialog()).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    });

    it('deletes on confirmation, toasts, reloads the list and reports the deleted id', async () => {
      const api = stubApi([trip, dinner]);
      const { onDeleted } = renderSut();
      fireEvent.click(within(await findEntry('Trip to Lisbon')).getByRole('button', { name: 'Delete' }));

      fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(onDeleted).toHaveBeenCalledExactlyOnceWith('s1'));
      expect(api.calls).toContainEqual(expect.objectContaining({ method: 'DELETE', url: '/api/chat/sessions/s1' }));
      await expectToast({ title: 'Session Deleted', description: 'The chat session was deleted.' });
      expect(shownToasts.current[0]?.variant).not.toBe('destructive');
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Trip to Lisbon' })).not.toBeInTheDocument());
      expect(api.listCalls()).toBe(2);
      expect(entry('Dinner ideas')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Chat History' })).toHaveFocus();
    });

    it('keeps the session and shows an error toast when the delete fails', async () => {
      stubApi([trip], { remove: () => failure() });
      const { onDeleted } = renderSut();
      fireEvent.click(within(await findEntry('Trip to Lisbon')).getByRole('button', { name: 'Delete' }));

      fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Delete' }));

      await expectToast({
        title: 'Error',
        description: 'Failed to delete the session. Please try again.',
        variant: 'destructive',
      });
      expect(onDeleted).not.toHaveBeenCalled();
      expect(entry('Trip to Lisbon')).toBeInTheDocument();
    });
  });

  describe('summarize', () => {
    it("shows 'Summarizing...' while busy, then toasts and reloads the list with the new summary", async () => {
      const reply = gate();
      const api = stubApi([dinner], {
        summarize: async (call, serve) => {
          await reply.opened;
          return serve(call);
        },
      });
      renderSut();
      const dinnerEntry = await findEntry('Dinner ideas');

      fireEvent.click(within(dinnerEntry).getByRole('button', { name: 'Summarize' }));

      const busy = await within(dinnerEntry).findByRole('button', { name: 'Summarizing...' });
      expect(busy).toHaveAttribute('aria-disabled', 'true');
      expect(api.calls).toContainEqual(
        expect.objectContaining({ method: 'POST', url: '/api/chat/sessions/s2/summarize' }),
      );

      reply.open();

      await expectToast({ title: 'Session Summarized', description: 'The summary was updated.' });
      expect(await within(entry('Dinner ideas')).findByText('A fresh summary.')).toBeInTheDocument();
      expect(api.listCalls()).toBe(2);
      expect(within(entry('Dinner ideas')).getByRole('button', { name: 'Summarize' })).not.toHaveAttribute(
        'aria-disabled',
      );
    });

    it('sends the key the user entered, so a user who brought a key can summarize', async () => {
      const api = stubApi([dinner]);
      renderSut({}, { modelKey: 'sk-user-key' });

      fireEvent.click(within(await findEntry('Dinner ideas')).getByRole('button', { name: 'Summarize' }));

      await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
      const post = api.calls.find((call) => call.method === 'POST');
      expect(post?.headers.get('X-OpenAI-Key')).toBe('sk-user-key');
    });

    it('shows an error toast when summarizing fails', async () => {
      stubApi([dinner], { summarize: () => failure() });
      renderSut();

      fireEvent.click(within(await findEntry('Dinner ideas')).getByRole('button', { name: 'Summarize' }));

      await expectToast({
        title: 'Error',
        description: 'Failed to summarize the session. Please try again.',
        variant: 'destructive',
      });
      expect(within(entry('Dinner ideas')).getByRole('button', { name: 'Summarize' })).toBeInTheDocument();
    });
  });
});
