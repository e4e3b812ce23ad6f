import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { toast } from '../../../components/toast/toasts';
import type { ChatAttachment } from '../../../lib/api/attachments';
import type { ChatMessage } from '../../../lib/api/sessions';
import { newQueryClient } from '../../../test/render-at';
import { deferred, json, stubApi } from '../../../test/stub-api';
import { agentTakingUploads, storedPdf, storedPhoto } from '../../../test/upload-agents';
import { useConversation as sut } from './use-conversation';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

const agent = agentTakingUploads();
const attachments = [storedPhoto(), storedPdf()];

function renderSut() {
  const restoreAttachments = vi.fn<(attachments: ChatAttachment[]) => void>();
  const client = newQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <JotaiProvider store={createStore()}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
  const view = renderHook(() => sut(agent, { restoreAttachments }), { wrapper });
  return { ...view, restoreAttachments };
}

const eventStream = (...events: ChatTurnEvent[]) =>
  new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });

const savedUserMessage: ChatMessage = {
  id: 'm1',
  role: 'user',
  content: '',
  attachments,
  order: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  incomplete: false,
  sources: [],
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
});

describe('useConversation with attachments', () => {
  it('sends the attachments’ ids with a message of no text, and shows them at once', async () => {
    const answer = deferred();
    const calls = stubApi({ 'POST /api/chat/turns': () => answer.promise });
    const { result } = renderSut();

    let started = false;
    act(() => {
      started = result.current.send('', attachments);
    });

    expect(started).toBe(true);
    expect(calls[0].body).toEqual({ agentType: agent.id, content: '', attachments: ['att-photo', 'att-pdf'] });
    expect(result.current.items.at(-1)).toMatchObject({ kind: 'user', content: '', attachments });
    answer.release(eventStream({ type: 'error', code: 'RATE_LIMIT', message: 'Slow down', partial: null }));
    await waitFor(() => expect(result.current.busy).toBe(false));
  });

  it('sends nothing when there is neither text nor an attachment', () => {
    const calls = stubApi({});
    const { result } = renderSut();

    let started = true;
    act(() => {
      started = result.current.send('  ');
    });

    expect(started).toBe(false);
    expect(calls).toEqual([]);
  });

  it('gives a refused message’s text and attachments back to the composer', async () => {
    stubApi({
      'POST /api/chat/turns': () =>
        json({ statusCode: 400, code: 'TOO_MANY_FILES', message: 'This assistant takes up to 3 files.' }, 400),
    });
    const { result, restoreAttachments } = renderSut();

    act(() => {
      result.current.send('Look at these', attachments);
    });

    await waitFor(() => expect(restoreAttachments).toHaveBeenCalledExactlyOnceWith(attachments));
    expect(result.current.draft).toBe('Look at these');
    expect(result.current.items.some((item) => item.kind === 'user')).toBe(false);
  });

  it('gives the attachments back when the server takes the saved message back', async () => {
    stubApi({
      'POST /api/chat/turns': () =>
        eventStream(
          { type: 'user-message', message: savedUserMessage },
          { type: 'error', code: 'MESSAGE_TOO_LONG', message: 'Too long to read.', partial: null, withdrawn: true },
        ),
      'GET /api/chat/sessions?agentType=takes-uploads': () => json({ sessions: [] }),
    });
    const { result, restoreAttachments } = renderSut();

    act(() => {
      result.current.send('', attachments);
    });

    await waitFor(() => expect(restoreAttachments).toHaveBeenCalledExactlyOnceWith(attachments));
    expect(result.current.items.some((item) => item.key === 'm1')).toBe(false);
  });

  it('shows the saved message’s attachments once the server has stored it', async () => {
    const done: ChatMessage = { ...savedUserMessage, id: 'm2', role: 'assistant', content: 'Nice photo.', order: 1 };
    stubApi({
      'POST /api/chat/turns': () =>
        eventStream({ type: 'user-message', message: savedUserMessage }, { type: 'done', message: done }),
      'GET /api/chat/sessions?agentType=takes-uploads': () => json({ sessions: [] }),
    });
    const { result, restoreAttachments } = renderSut();

    act(() => {
      result.current.send('', attachments);
    });

    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.items.find((item) => item.key === 'm1')).toMatchObject({ attachments });
    expect(restoreAttachments).not.toHaveBeenCalled();
  });
});
