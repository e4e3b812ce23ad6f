import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentDefinition, AgentErrors } from '@mb/contracts/types/agent';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { toast } from '../../../components/toast/toasts';
import type { ChatMessage } from '../../../lib/api/sessions';
import { newQueryClient } from '../../../test/render-at';
import { json, stubApi } from '../../../test/stub-api';
import { agentTakingUploads, storedPdf } from '../../../test/upload-agents';
import { useConversation as sut } from './use-conversation';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

const tooLong =
  'This message is too long for this assistant: it can read about 3,686 words (4,915 tokens) at a time. Shorten it or send it in parts.';
const toastText = 'Failed to send message. Please try again.';

function renderSut(errors: AgentErrors) {
  const agent: AgentDefinition = { ...agentTakingUploads(), errors };
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

const refusedAtOnce = () =>
  stubApi({ 'POST /api/chat/turns': () => json({ statusCode: 413, code: 'MESSAGE_TOO_LONG', message: tooLong }, 413) });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
});

describe('useConversation: why a refused message’s draft came back', () => {
  it('is the toast’s words for an agent whose errors are toasts, given with the draft', async () => {
    refusedAtOnce();
    const { result } = renderSut({ style: 'toast', text: toastText });
    expect(result.current.refusal).toBeNull();

    act(() => {
      result.current.send('What do the notes say about the joists?', [storedPdf()]);
    });

    await waitFor(() => expect(result.current.draft).toBe('What do the notes say about the joists?'));
    expect(result.current.refusal).toEqual({ reason: tooLong });
    expect(toast).toHaveBeenCalledExactlyOnceWith({ title: 'Error', description: tooLong, variant: 'destructive' });
  });

  it('is the agent’s text for a failure its toast words so, and the notice’s words for an agent that apologizes', async () => {
    stubApi({ 'POST /api/chat/turns': () => json({ statusCode: 429, code: 'RATE_LIMIT', message: 'Slow down' }, 429) });
    const toasts = renderSut({ style: 'toast', text: toastText });
    act(() => {
      toasts.result.current.send('Teak or walnut?');
    });
    await waitFor(() => expect(toasts.result.current.refusal).toEqual({ reason: toastText }));

    const apologies = renderSut({ style: 'apology', text: 'Sorry!' });
    act(() => {
      apologies.result.current.send('Teak or walnut?');
    });
    await waitFor(() =>
      expect(apologies.result.current.refusal).toEqual({
        reason: 'OpenAI rate limit exceeded. Please wait a moment and try again.',
      }),
    );
  });

  it('is given with the draft when the server takes the saved message back', async () => {
    const saved: ChatMessage = {
      id: 'm1',
      role: 'user',
      content: 'What do the notes say about the joists?',
      attachments: [storedPdf()],
      order: 0,
      createdAt: '2026-11-25T10:00:00.000Z',
      incomplete: false,
      sources: [],
    };
    stubApi({
      'POST /api/chat/turns': () =>
        eventStream(
          { type: 'user-message', message: saved },
          { type: 'error', code: 'MESSAGE_TOO_LONG', message: tooLong, partial: null, withdrawn: true },
        ),
      'GET /api/chat/sessions?agentType=takes-uploads': () => json({ sessions: [] }),
    });
    const { result } = renderSut({ style: 'notice' });

    act(() => {
      result.current.send('What do the notes say about the joists?', [storedPdf()]);
    });

    await waitFor(() => expect(result.current.refusal).toEqual({ reason: tooLong }));
    expect(result.current.draft).toBe('What do the notes say about the joists?');
  });

  it('is a new object for each refusal, so the same words show again', async () => {
    refusedAtOnce();
    const { result } = renderSut({ style: 'toast', text: toastText });
    act(() => {
      result.current.send('First try');
    });
    await waitFor(() => expect(result.current.refusal).not.toBeNull());
    const first = result.current.refusal;
    act(() => result.current.setDraft(''));

    act(() => {
      result.current.send('Second try');
    });

    await waitFor(() => expect(result.current.refusal).not.toBe(first));
    expect(result.current.refusal).toEqual(first);
  });
});
