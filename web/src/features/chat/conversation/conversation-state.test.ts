// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ChatMessage, MessageSource } from '../../../lib/api/sessions';
import type { ToolCallRecord } from '../../../lib/api/tool-decisions';
import { storedPdf, storedPhoto } from '../../../test/upload-agents';
import {
  conversationReducer as sut,
  fromMessage,
  greetingKey,
  initialConversation,
  lastExchange,
  streamingKey,
  withToolCall,
  type ConversationState,
} from './conversation-state';
import type { ChatItem } from '../chat-item';

const greeting = 'Hello, MB! How can I help?';

function message(
  overrides: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role' | 'content' | 'order'>,
): ChatMessage {
  return { createdAt: '2024-11-21T15:05:00.000Z', incomplete: false, sources: [], ...overrides };
}

const greetingItem: ChatItem = {
  kind: 'assistant',
  key: greetingKey,
  content: greeting,
  sources: [],
  incomplete: false,
  streaming: false,
};
const source: MessageSource = { title: 'Vapor barriers', link: 'https://example.com/vapor' };
const keys = (state: ConversationState) => state.items.map((item) => item.key);
const streamingItem = (state: ConversationState) => state.items.find((item) => item.key === streamingKey);

/** The state after sending `content` and seeing the reply start. */
function replying(content = 'How dry should a crawlspace be?'): ConversationState {
  const sent = sut(initialConversation(greeting), { type: 'sent', key: 'pending-1', content });
  return sut(sent, { type: 'reply-started' });
}

describe(initialConversation.name, () => {
  it('starts with the greeting as the only, finished assistant message and nothing awaited', () => {
    expect(initialConversation(greeting)).toEqual({ items: [greetingItem], busy: false });
  });
});

describe(fromMessage.name, () => {
  it('turns a saved user message into a user item keyed by its id', () => {
    expect(fromMessage(message({ id: 'm1', role: 'user', content: 'Hi', order: 0 }))).toEqual({
      kind: 'user',
      key: 'm1',
      content: 'Hi',
    });
  });

  it('turns a saved assistant message into a finished assistant item with its sources and incomplete flag', () => {
    const saved = message({
      id: 'm2',
      role: 'assistant',
      content: 'Partial answ',
      order: 1,
      incomplete: true,
      sources: [source],
    });

    expect(fromMessage(saved)).toEqual({
      kind: 'assistant',
      key: 'm2',
      content: 'Partial answ',
      sources: [source],
      incomplete: true,
      streaming: false,
    });
  });

  it("keeps a saved reply's usage and provenance", () => {
    const usage = { promptTokens: 10, completionTokens: 2, estimated: false };
    const provenance = {
      model: 'gpt-4o',
      strategy: 'completions' as const,
      fallbacks: [],
      retries: 0,
      contextMessages: 1,
      omittedMessages: 0,
      personaHash: '0123456789ab',
    };

    expect(
      fromMessage(message({ id: 'm3', role: 'assistant', content: 'Hi', order: 2, usage, provenance })),
    ).toMatchObject({
      usage,
      provenance,
    });
  });

  it('keeps the photos and documents a user message was sent with, and gives none to a message without', () => {
    const attachments = [storedPhoto(), storedPdf()];

    expect(fromMessage(message({ id: 'm1', role: 'user', content: '', order: 0, attachments }))).toEqual({
      kind: 'user',
      key: 'm1',
      content: '',
      attachments,
    });
    expect(
      fromMessage(message({ id: 'm2', role: 'user', content: 'Hi', order: 1, attachments: [] })),
    ).not.toHaveProperty('attachments');
  });

  it('shows nothing for a system message', () => {
    expect(fromMessage(message({ id: 'm0', role: 'system', content: 'You are a bot', order: 0 }))).toBeNull();
  });
});

describe(sut.name, () => {
  it('reset goes back to the greeting alone, whatever was shown', () => {
    const state = replying();

    expect(sut(state, { type: 'reset', greeting: 'Hi again' })).toEqual(initialConversation('Hi again'));
  });

  it('loaded shows the greeting first, then the messages sorted by order, leaving system messages out', () => {
    const messages = [
      message({ id: 'a2', role: 'assistant', content: 'Second answer', order: 3 }),
      message({ id: 'u1', role: 'user', content: 'First question', order: 0 }),
      message({ id: 'sys', role: 'system', content: 'You are a bot', order: 5 }),
      message({ id: 'u2', role: 'user', content: 'Second question', order: 2 }),
      message({ id: 'a1', role: 'assistant', content: 'First answer', order: 1 }),
    ];

    const state = sut(replying(), { type: 'loaded', messages, greeting });

    expect(keys(state)).toEqual([greetingKey, 'u1', 'a1', 'u2', 'a2']);
    expect(state.items[0]).toEqual(greetingItem);
    expect(state.busy).toBe(false);
  });

  it('loaded does not reorder the messages it was given', () => {
    const messages = [
      message({ id: 'b', role: 'user', content: 'b', order: 1 }),
      message({ id: 'a', role: 'user', content: 'a', order: 0 }),
    ];

    sut(initialConversation(greeting), { type: 'loaded', messages, greeting });

    expect(messages.map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('sent appends the message optimistically under its pending key and awaits a reply', () => {
    const state = sut(initialConversation(greeting), { type: 'sent', key: 'pending-1', content: 'Hello' });

    expect(state.items).toEqual([greetingItem, { kind: 'user', key: 'pending-1', content: 'Hello' }]);
    expect(state.busy).toBe(true);
  });

  it('sent shows a message of attachments alone at once, with them', () => {
    const state = sut(initialConversation(greeting), {
      type: 'sent',
      key: 'pending-1',
      content: '',
      attachments: [storedPhoto()],
    });

    expect(state.items.at(-1)).toEqual({ kind: 'user', key: 'pending-1', content: '', attachments: [storedPhoto()] });
  });

  it('user-saved swaps the pending key for the saved message and keeps its place', () => {
    let state = sut(initialConversation(greeting), { type: 'sent', key: 'pending-1', content: 'Hello' });
    state = sut(state, { type: 'reply-started' });

    state = sut(state, {
      type: 'user-saved',
      key: 'pending-1',
      message: message({ id: 'u1', role: 'user', content: 'Hello', order: 0 }),
    });

    expect(keys(state)).toEqual([greetingKey, 'u1', streamingKey]);
    expect(state.items[1]).toEqual({ kind: 'user', key: 'u1', content: 'Hello' });
    expect(state.busy).toBe(true);
  });

  it('withdrawn takes the pending message back and stops awaiting a reply', () => {
    const sent = sut(initialConversation(greeting), { type: 'sent', key: 'pending-1', content: 'Hello' });

    expect(sut(sent, { type: 'withdrawn', key: 'pending-1' })).toEqual({ items: [greetingItem], busy: false });
  });

  it('reply-started adds an empty streaming assistant item at the end', () => {
    const state = replying();

    expect(state.items.at(-1)).toEqual({
      kind: 'assistant',
      key: streamingKey,
      content: '',
      sources: [],
      incomplete: false,
      streaming: true,
    });
    expect(state.busy).toBe(true);
  });

  it('reply-started with a snapshot starts from the text and sources already written, replacing any earlier streaming item', () => {
    const state = sut(replying(), { type: 'reply-started', text: 'So far', sources: [source] });

    expect(state.items.filter((item) => item.key === streamingKey)).toHaveLength(1);
    expect(streamingItem(state)).toMatchObject({ content: 'So far', sources: [source], streaming: true });
  });

  it('token appends text to the streaming item only', () => {
    let state = replying();

    state = sut(state, { type: 'token', text: 'Keep it ' });
    state = sut(state, { type: 'token', text: 'below 60%.' });

    expect(streamingItem(state)).toMatchObject({ content: 'Keep it below 60%.' });
    expect(state.items[0]).toEqual(greetingItem);
  });

  it('sources sets the streaming item’s sources', () => {
    const state = sut(replying(), { type: 'sources', sources: [source] });

    expect(streamingItem(state)).toMatchObject({ sources: [source] });
  });

  it('token without a streaming item changes nothing', () => {
    const state = initialConversation(greeting);

    expect(sut(state, { type: 'token', text: 'stray' })).toEqual(state);
  });

  it('reply-ended with the saved message replaces the streaming item with it, carrying the incomplete flag', () => {
    let state = sut(replying(), { type: 'token', text: 'Keep it bel' });
    const saved = message({
      id: 'a1',
      role: 'assistant',
      content: 'Keep it bel',
      order: 1,
      incomplete: true,
      sources: [source],
    });

    state = sut(state, { type: 'reply-ended', message: saved });

    expect(streamingItem(state)).toBeUndefined();
    expect(state.items.at(-1)).toEqual({
      kind: 'assistant',
      key: 'a1',
      content: 'Keep it bel',
      sources: [source],
      incomplete: true,
      streaming: false,
    });
    expect(state.busy).toBe(false);
  });

  it('reply-ended without a message just drops the streaming item', () => {
    const state = sut(sut(replying(), { type: 'token', text: 'Half' }), { type: 'reply-ended', message: null });

    expect(keys(state)).toEqual([greetingKey, 'pending-1']);
    expect(state.busy).toBe(false);
  });

  it('append adds the item in place of a streaming item and leaves busy as it was', () => {
    const notice: ChatItem = { kind: 'notice', key: 'notice-1', title: 'Network Error', text: 'Unable to connect.' };

    const state = sut(replying(), { type: 'append', item: notice });

    expect(keys(state)).toEqual([greetingKey, 'pending-1', 'notice-1']);
    expect(state.busy).toBe(true);
  });

  it('idle stops awaiting a reply and drops the streaming item', () => {
    const state = sut(replying(), { type: 'idle' });

    expect(keys(state)).toEqual([greetingKey, 'pending-1']);
    expect(state.busy).toBe(false);
  });
});

describe('versions of the last exchange', () => {
  const v = (chosen: number, count: number) => ({ versions: { chosen, count } });
  const chat = (...messages: ChatMessage[]) =>
    sut(initialConversation(greeting), { type: 'loaded', messages, greeting });
  const earlier = [
    message({ id: '1', role: 'user', content: 'Hello', order: 0 }),
    message({ id: '2', role: 'assistant', content: 'Hi!', order: 1 }),
  ];
  const question = message({ id: '3', role: 'user', content: 'Which wood?', order: 2, ...v(1, 2) });
  const answer = message({ id: '4', role: 'assistant', content: 'Oak.', order: 3, ...v(1, 2) });

  it('lastExchange finds the last user message, its reply and the versions', () => {
    const exchange = lastExchange(chat(...earlier, question, answer).items);
    expect(exchange?.user.key).toBe('3');
    expect(exchange?.reply?.key).toBe('4');
    expect(exchange?.versions).toEqual({ chosen: 1, count: 2 });
  });

  it('lastExchange has no reply while one streams, and none when another message came after the reply', () => {
    const streaming = sut(chat(...earlier, question), { type: 'reply-started' });
    expect(lastExchange(streaming.items)).toBeNull();
    expect(lastExchange(chat(...earlier, question).items)?.reply).toBeNull();
    const confirmation = message({ id: '5', role: 'assistant', content: 'Persona applied.', order: 4 });
    expect(lastExchange(chat(...earlier, question, answer, confirmation).items)).toBeNull();
    expect(lastExchange(initialConversation(greeting).items)).toBeNull();
  });

  it('revised replaces the last exchange (and any notice after it) with its new question, awaiting the reply', () => {
    const withNotice = sut(chat(...earlier, question, answer), {
      type: 'append',
      item: { kind: 'notice', key: 'n1', text: 'Failed' },
    });
    const revised = sut(withNotice, { type: 'revised', key: 'pending-2', content: 'Which wood, for a desk?' });
    expect(keys(revised)).toEqual([greetingKey, '1', '2', 'pending-2']);
    expect(revised.items.at(-1)).toEqual({ kind: 'user', key: 'pending-2', content: 'Which wood, for a desk?' });
    expect(revised.busy).toBe(true);
  });

  it('user-saved carries the versions of the new question', () => {
    const revised = sut(chat(...earlier, question, answer), {
      type: 'revised',
      key: 'pending-2',
      content: 'Which wood?',
    });
    const saved = sut(revised, {
      type: 'user-saved',
      key: 'pending-2',
      message: message({ id: '6', role: 'user', content: 'Which wood?', order: 2, ...v(2, 2) }),
    });
    expect(saved.items.at(-1)).toEqual({
      kind: 'user',
      key: '6',
      content: 'Which wood?',
      versions: { chosen: 2, count: 2 },
    });
  });

  it('exchange-replaced shows the chosen version in place of the last exchange', () => {
    const other = [
      message({ id: '6', role: 'user', content: 'Which wood, for a desk?', order: 2, ...v(2, 2) }),
      message({ id: '7', role: 'assistant', content: 'Walnut.', order: 3, ...v(2, 2) }),
    ];
    const replaced = sut(chat(...earlier, question, answer), { type: 'exchange-replaced', messages: other });
    expect(keys(replaced)).toEqual([greetingKey, '1', '2', '6', '7']);
    expect(lastExchange(replaced.items)?.versions).toEqual({ chosen: 2, count: 2 });
    expect(replaced.busy).toBe(false);
  });
});

describe('tool calls of a reply', () => {
  const running = (id: string, tool = 'calculator'): ToolCallRecord => ({
    id,
    tool,
    arguments: '{"expression":"6*7"}',
    status: 'running',
  });
  const toolCallsOf = (state: ConversationState) => {
    const item = streamingItem(state);
    return item?.kind === 'assistant' ? item.toolCalls : undefined;
  };

  it('keeps each call by its id from tool-call to tool-result, in the order they started', () => {
    let state = sut(replying(), { type: 'tool-call', call: running('c1') });
    state = sut(state, { type: 'tool-call', call: running('c2', 'current_time') });
    state = sut(state, {
      type: 'tool-call',
      call: { ...running('c1'), status: 'done', result: '42', durationMs: 412 },
    });

    expect(toolCallsOf(state)).toEqual([
      { ...running('c1'), status: 'done', result: '42', durationMs: 412 },
      running('c2', 'current_time'),
    ]);
  });

  it('keeps the calls while tokens arrive', () => {
    const state = sut(sut(replying(), { type: 'tool-call', call: running('c1') }), { type: 'token', text: '42.' });

    expect(streamingItem(state)).toMatchObject({ content: '42.', toolCalls: [running('c1')] });
  });

  it('reply-started from a snapshot shows the calls made so far', () => {
    const sent = sut(initialConversation(greeting), { type: 'sent', key: 'p', content: 'Time?' });
    const state = sut(sent, { type: 'reply-started', text: 'It is ', sources: [], toolCalls: [running('c1')] });

    expect(toolCallsOf(state)).toEqual([running('c1')]);
  });

  it('a saved reply carries its tool calls, and a reply without any has none', () => {
    const call = { ...running('c1'), status: 'done' as const, result: '42', durationMs: 5 };
    const saved = message({ id: 'a1', role: 'assistant', content: '42', order: 1, toolCalls: [call] });

    expect(fromMessage(saved)).toMatchObject({ toolCalls: [call] });
    expect(fromMessage({ ...saved, toolCalls: [] })).not.toHaveProperty('toolCalls');
  });

  it('withToolCall replaces a known call in place and appends a new one', () => {
    const calls = [running('a'), running('b')];
    const b = { ...running('b'), status: 'error' as const, error: 'boom' };

    expect(withToolCall(calls, b)).toEqual([running('a'), b]);
    expect(withToolCall(calls, running('c'))).toEqual([...calls, running('c')]);
    expect(withToolCall(undefined, running('a'))).toEqual([running('a')]);
  });
});
