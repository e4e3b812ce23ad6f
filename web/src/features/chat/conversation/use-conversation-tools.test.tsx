import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatSession } from '../../../lib/api/sessions';
import { newQueryClient } from '../../../test/render-at';
import { json, stubApi } from '../../../test/stub-api';
import { agentUsingTools, toolCall } from '../../../test/tool-calls';
import { liveEventStream } from '../../../test/turn-events';
import { streamingKey } from './conversation-state';
import { savedSession } from './saved-session';
import { useConversation as sut } from './use-conversation';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

const agent = agentUsingTools([{ use: 'mcp:files/delete', policy: 'confirm' }]);
const session: ChatSession = {
  id: 's-1',
  title: 'Delete a file',
  systemPrompt: null,
  summary: null,
  agentType: agent.id,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  persona: null,
  pinned: false,
};
const question: ChatMessage = {
  id: 'm1',
  role: 'user',
  content: 'Delete a.txt',
  order: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  incomplete: false,
  sources: [],
};
const awaiting = toolCall({ id: 'call-7', tool: 'mcp:files/delete', status: 'awaiting-confirmation' });
const finished = { ...awaiting, status: 'done' as const, result: 'deleted', durationMs: 30 };

function renderSut() {
  const client = newQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <JotaiProvider store={createStore()}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
  return renderHook(() => sut(agent), { wrapper });
}

const toolCallsShown = (items: ReturnType<typeof sut>['items'], key: string) => {
  const item = items.find((candidate) => candidate.key === key);
  return item?.kind === 'assistant' ? item.toolCalls : undefined;
};

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('useConversation with tool calls', () => {
  it('shows a call waiting for the user, posts the decision for it, and follows it to the saved reply', async () => {
    const turn = liveEventStream();
    const calls = stubApi({
      'POST /api/chat/turns': () => turn.response,
      'GET /api/chat/sessions?agentType=uses-tools': () => json({ sessions: [session] }),
      'POST /api/chat/sessions/s-1/turn/tool-calls/call-7': () => json({ accepted: true }),
    });
    const { result } = renderSut();

    act(() => {
      result.current.send('Delete a.txt');
    });
    turn.push(
      { type: 'session', session, created: true },
      { type: 'user-message', message: question },
      { type: 'tool-call', call: awaiting },
    );
    await waitFor(() => expect(toolCallsShown(result.current.items, streamingKey)).toEqual([awaiting]));

    await act(() => result.current.decideToolCall('call-7', true));
    expect(calls.find((call) => call.path.includes('/tool-calls/'))).toEqual({
      method: 'POST',
      path: '/api/chat/sessions/s-1/turn/tool-calls/call-7',
      body: { allow: true },
    });

    turn.push({ type: 'tool-call', call: { ...awaiting, status: 'running' } }, { type: 'tool-result', call: finished });
    await waitFor(() => expect(toolCallsShown(result.current.items, streamingKey)).toEqual([finished]));

    const reply: ChatMessage = {
      ...question,
      id: 'm2',
      role: 'assistant',
      content: 'Done.',
      order: 1,
      toolCalls: [finished],
    };
    turn.push({ type: 'token', text: 'Done.' }, { type: 'done', message: reply });
    turn.end();
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(toolCallsShown(result.current.items, 'm2')).toEqual([finished]);
  });

  it('shows the calls of a reply still running when the chat is opened again (snapshot)', async () => {
    savedSession.write(agent.id, 's-1');
    // Still running: the stream stays open after the snapshot.
    const turn = liveEventStream();
    stubApi({
      'GET /api/chat/sessions/s-1/messages': () => json([question]),
      'GET /api/chat/sessions/s-1/turn': () => turn.response,
    });
    const { result } = renderSut();
    turn.push({ type: 'snapshot', text: 'Let me', sources: [], toolCalls: [finished, awaiting] });

    await waitFor(() => expect(toolCallsShown(result.current.items, streamingKey)).toEqual([finished, awaiting]));
  });

  it('shows the calls a saved reply made after a reload', async () => {
    savedSession.write(agent.id, 's-1');
    const reply: ChatMessage = {
      ...question,
      id: 'm2',
      role: 'assistant',
      content: 'Done.',
      order: 1,
      toolCalls: [finished],
    };
    stubApi({
      'GET /api/chat/sessions/s-1/messages': () => json([question, reply]),
      'GET /api/chat/sessions/s-1/turn': () => new Response(null, { status: 204 }),
    });
    const { result } = renderSut();

    await waitFor(() => expect(toolCallsShown(result.current.items, 'm2')).toEqual([finished]));
  });
});
