import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { toast } from '../../../components/toast/toasts';
import type { ChatMessage, ChatSession } from '../../../lib/api/sessions';
import { newQueryClient } from '../../../test/render-at';
import { json, stubApi } from '../../../test/stub-api';
import { agentTakingUploads, storedPdf } from '../../../test/upload-agents';
import { useConversation as sut } from './use-conversation';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

/** A model that reads less than the server assumed: it refuses, and the server reads the message's files anew. */
const agent = agentTakingUploads();

function renderSut() {
  const client = newQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <JotaiProvider store={createStore()}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
  return renderHook(() => sut(agent), { wrapper });
}

const eventStream = (...events: ChatTurnEvent[]) =>
  new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });

const session: ChatSession = {
  id: 's1',
  agentType: agent.id,
  title: 'Joists',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
} as ChatSession;

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  role: 'user',
  content: 'What do the notes say about the joists?',
  order: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  incomplete: false,
  sources: [],
  ...overrides,
});
const question = message({ attachments: [storedPdf({ read: 'pages 1-60 of 80' })] });
const answer = message({ id: 'm2', role: 'assistant', content: 'They sag.', order: 1, attachments: undefined });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
});

describe('useConversation when the model teaches a smaller window', () => {
  it('shows what the model reads of the files now, when the message comes again read anew', async () => {
    const reread = { ...question, attachments: [storedPdf({ read: 'pages 3 and 41 of 80' })] };
    stubApi({
      'POST /api/chat/turns': () =>
        eventStream(
          { type: 'session', session, created: true },
          { type: 'user-message', message: question },
          { type: 'user-message', message: reread },
          { type: 'token', text: 'They sag.' },
          { type: 'done', message: answer },
        ),
    });
    const { result } = renderSut();

    act(() => {
      result.current.send(question.content, [storedPdf()]);
    });

    await waitFor(() => expect(result.current.busy).toBe(false));
    const users = result.current.items.filter((item) => item.kind === 'user');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ key: 'm1', attachments: [{ read: 'pages 3 and 41 of 80' }] });
  });

  it('an edit the model could not read is taken back: the exchange is shown as it was, the text back in the box', async () => {
    const long = 'The notes go on and on. '.repeat(500);
    stubApi({
      'POST /api/chat/turns': (call) =>
        (call.body as { editOf?: string }).editOf
          ? eventStream(
              { type: 'session', session, created: false },
              { type: 'user-message', message: message({ id: 'm3', content: long.trim() }) },
              { type: 'error', code: 'MESSAGE_TOO_LONG', message: 'Too long.', partial: null, withdrawn: true },
            )
          : eventStream(
              { type: 'session', session, created: true },
              { type: 'user-message', message: question },
              { type: 'done', message: answer },
            ),
      'GET /api/chat/sessions/s1/messages': () => json([question, answer]),
    });
    const { result } = renderSut();
    act(() => {
      result.current.send(question.content, [storedPdf()]);
    });
    await waitFor(() => expect(result.current.busy).toBe(false));

    act(() => {
      result.current.editLast(long);
    });

    await waitFor(() =>
      expect(result.current.items.map((item) => item.key).slice(0, 3)).toEqual(['greeting', 'm1', 'm2']),
    );
    expect(result.current.items.slice(3)).toMatchObject([{ kind: 'notice' }]);
    expect(result.current.busy).toBe(false);
    expect(result.current.draft).toBe(long);
  });

  it('says why after the exchange is shown as it was: the reload does not wipe the notice', async () => {
    let reloaded: (() => void) | undefined;
    stubApi({
      'POST /api/chat/turns': (call) =>
        (call.body as { editOf?: string }).editOf
          ? eventStream(
              { type: 'session', session, created: false },
              { type: 'error', code: 'MESSAGE_TOO_LONG', message: 'Too long.', partial: null, withdrawn: true },
            )
          : eventStream(
              { type: 'session', session, created: true },
              { type: 'user-message', message: question },
              { type: 'done', message: answer },
            ),
      // The saved exchange arrives only after the stream has ended and reported its failure.
      'GET /api/chat/sessions/s1/messages': () =>
        new Promise<Response>((resolve) => (reloaded = () => resolve(json([question, answer])))),
    });
    const { result } = renderSut();
    act(() => {
      result.current.send(question.content, [storedPdf()]);
    });
    await waitFor(() => expect(result.current.busy).toBe(false));

    act(() => {
      result.current.editLast('About the rafters instead?');
    });
    await waitFor(() => expect(reloaded).toBeDefined());
    act(() => reloaded!());

    await waitFor(() => expect(result.current.items.at(-1)).toMatchObject({ kind: 'notice' }));
    expect(result.current.items.map((item) => item.key).slice(0, 3)).toEqual(['greeting', 'm1', 'm2']);
    expect(result.current.items).toHaveLength(4);
  });
});
