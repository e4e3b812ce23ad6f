import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/toast/toasts';
import { modelKeyStorageName } from '../../../lib/model-key';
import { storedPdf, storedPhoto } from '../../../test/upload-agents';
import { toolCall } from '../../../test/tool-calls';
import type { ChatItem } from '../chat-item';
import { streamingKey } from '../conversation/conversation-state';
import { MessageList as Sut } from './message-list';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

type AssistantItem = Extract<ChatItem, { kind: 'assistant' }>;
type NoticeItem = Extract<ChatItem, { kind: 'notice' }>;

const user = (key: string, content: string): ChatItem => ({ kind: 'user', key, content });
const assistant = (key: string, content: string, overrides: Partial<AssistantItem> = {}): AssistantItem => ({
  kind: 'assistant',
  key,
  content,
  sources: [],
  incomplete: false,
  streaming: false,
  ...overrides,
});
const notice = (overrides: Partial<NoticeItem> & Pick<NoticeItem, 'text'>): NoticeItem => ({
  kind: 'notice',
  key: 'notice-1',
  ...overrides,
});

const apiKeyRequired = notice({
  title: 'API Key Required',
  text: 'OpenAI API key is missing or invalid. Please provide a valid API key.',
  reconnect: true,
});

function renderSut(items: ChatItem[], typing = false, copyToast?: { title: string; description: string }) {
  return render(
    <JotaiProvider store={createStore()}>
      <Sut items={items} typing={typing} copyToast={copyToast} />
    </JotaiProvider>,
  );
}

const bubbles = (role: 'user' | 'assistant') =>
  Array.from(document.querySelectorAll<HTMLElement>(`[data-message-role="${role}"]`));
/** The row around a bubble, holding the bubble and its copy button. */
const rowOf = (bubble: HTMLElement) => bubble.parentElement!;
const copyButtonIn = (bubble: HTMLElement) => within(rowOf(bubble)).queryByRole('button', { name: 'Copy message' });

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  sessionStorage.clear();
});

describe(Sut.name, () => {
  it('shows the conversation as a log, user and assistant messages in order', () => {
    renderSut([assistant('greeting', 'Hello!'), user('u1', 'How dry should it be?'), assistant('a1', 'Below 60%.')]);

    const log = screen.getByRole('log', { name: 'Conversation' });
    const shown = Array.from(log.querySelectorAll('[data-message-role]')).map((bubble) => [
      bubble.getAttribute('data-message-role'),
      bubble.textContent,
    ]);
    expect(shown).toEqual([
      ['assistant', 'Assistant: Hello!'],
      ['user', 'You: How dry should it be?'],
      ['assistant', 'Assistant: Below 60%.'],
    ]);
  });

  it('renders assistant messages as markdown', () => {
    renderSut([assistant('a1', 'Use a **vapor barrier**.')]);

    expect(within(bubbles('assistant')[0]).getByText('vapor barrier').tagName).toBe('STRONG');
  });

  it('shows user messages as written, not as markdown', () => {
    renderSut([user('u1', 'Is **this** bold?')]);

    const [bubble] = bubbles('user');
    expect(bubble).toHaveTextContent('Is **this** bold?');
    expect(bubble.querySelector('strong')).toBeNull();
  });

  it('shows a user message’s attachments above its text, and a message of attachments alone without a bubble', () => {
    renderSut([
      { kind: 'user', key: 'u1', content: 'What is this stain?', attachments: [storedPhoto()] },
      { kind: 'user', key: 'u2', content: '', attachments: [storedPdf()] },
    ]);

    const [withText, alone] = bubbles('user');
    expect(within(withText).getByRole('button', { name: 'crawlspace.jpg' })).toBeInTheDocument();
    expect(withText).toHaveTextContent('What is this stain?');
    expect(within(alone).getByRole('link', { name: /inspection-report\.pdf/ })).toBeInTheDocument();
    expect(alone.textContent).toMatch(/^You: /);
    expect(alone.querySelector('p')).toBeNull();
  });

  it('lists a reply’s sources as links opening in a new tab', () => {
    const sources = [
      { title: 'Vapor barriers explained', link: 'https://example.com/vapor' },
      { title: 'Dehumidifier sizing', link: 'https://example.org/sizing' },
    ];
    renderSut([assistant('a1', 'See these.', { sources })]);

    const nav = screen.getByRole('navigation', { name: 'Sources' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      sources.map((source) => [source.title, source.link]),
    );
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows no sources list for a reply without sources', () => {
    renderSut([assistant('a1', 'No search needed.')]);

    expect(screen.queryByRole('navigation', { name: 'Sources' })).not.toBeInTheDocument();
  });

  it('says when a reply was interrupted before it was complete, and only then', () => {
    renderSut([assistant('a1', 'Keep it bel', { incomplete: true }), assistant('a2', 'A whole answer.')]);

    const [cut, whole] = bubbles('assistant');
    expect(cut).toHaveTextContent('This reply was interrupted before it was complete.');
    expect(whole).not.toHaveTextContent('interrupted');
  });

  describe('notices', () => {
    it('announces a notice as an alert with a warning sign hidden from assistive technology, its title and text', () => {
      renderSut([apiKeyRequired]);

      const alert = screen.getByRole('alert');
      expect(within(alert).getByText('⚠️')).toHaveAttribute('aria-hidden', 'true');
      expect(within(alert).getByText('API Key Required:')).toBeInTheDocument();
      expect(alert).toHaveTextContent(
        'API Key Required: OpenAI API key is missing or invalid. Please provide a valid API key.',
      );
    });

    it('offers “Connect OpenAI” and reconnect advice for a reconnect notice', () => {
      renderSut([apiKeyRequired]);

      const alert = screen.getByRole('alert');
      expect(within(alert).getByRole('button', { name: 'Connect OpenAI' })).toBeInTheDocument();
      expect(alert).toHaveTextContent('Reconnect with a valid key, then send your message again.');
    });

    it('“Connect OpenAI” forgets the refused key, then reloads the page', () => {
      sessionStorage.setItem(modelKeyStorageName, JSON.stringify('sk-refused-key-000000000000000000'));
      const reload = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
      renderSut([apiKeyRequired]);

      fireEvent.click(screen.getByRole('button', { name: 'Connect OpenAI' }));

      expect(JSON.parse(sessionStorage.getItem(modelKeyStorageName) ?? 'null')).toBeNull();
      expect(reload).toHaveBeenCalledOnce();
    });

    it('offers no “Connect OpenAI” for other notices, only advice to retry', () => {
      renderSut([
        notice({
          title: 'Rate Limit Exceeded',
          text: 'OpenAI rate limit exceeded. Please wait a moment and try again.',
        }),
      ]);

      const alert = screen.getByRole('alert');
      expect(within(alert).queryByRole('button', { name: 'Connect OpenAI' })).not.toBeInTheDocument();
      expect(alert).toHaveTextContent('Please try again.');
    });

    it('shows an untitled notice’s text and details', () => {
      renderSut([notice({ text: 'The message is too long.', details: ['content: at most 8000 characters'] })]);

      const alert = screen.getByRole('alert');
      expect(alert.querySelector('strong')).toBeNull();
      expect(alert).toHaveTextContent('The message is too long.');
      expect(within(alert).getByRole('listitem')).toHaveTextContent('content: at most 8000 characters');
    });
  });

  it('shows the typing indicator as a status while typing', () => {
    renderSut([user('u1', 'Hi')], true);

    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows no typing indicator otherwise', () => {
    renderSut([user('u1', 'Hi')]);

    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).not.toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'false');
  });

  it('marks the log and the reply busy while a reply streams in', () => {
    renderSut([assistant('streaming-reply', 'Keep it', { streaming: true })]);

    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    expect(bubbles('assistant')[0]).toHaveAttribute('aria-busy', 'true');
  });

  it('has a copy button on finished assistant messages only', () => {
    renderSut([
      assistant('a1', 'Finished.'),
      user('u1', 'Mine'),
      assistant('streaming-reply', 'Still arriv', { streaming: true }),
    ]);

    const [finished, streaming] = bubbles('assistant');
    expect(copyButtonIn(finished)).toBeInTheDocument();
    expect(copyButtonIn(streaming)).toBeNull();
    expect(copyButtonIn(bubbles('user')[0])).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Copy message' })).toHaveLength(1);
  });

  it('offers reply details on saved replies with usage or provenance only', () => {
    const usage = { promptTokens: 10, completionTokens: 2, estimated: false };
    renderSut([
      assistant('greeting', 'Hello.'),
      assistant('a1', 'Counted.', { usage }),
      assistant('streaming-reply', 'Still arriv', { streaming: true, usage }),
    ]);

    const [greeting, counted, streaming] = bubbles('assistant');
    const detailsIn = (bubble: HTMLElement) => within(rowOf(bubble)).queryByRole('button', { name: 'Reply details' });
    expect(detailsIn(greeting)).toBeNull();
    expect(detailsIn(counted)).toBeInTheDocument();
    expect(detailsIn(streaming)).toBeNull();
  });

  describe('copying', () => {
    let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

    beforeEach(() => {
      vi.useFakeTimers();
      writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    });

    afterEach(() => {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, 'clipboard');
    });

    async function copy() {
      // Awaiting act lets the clipboard's promise settle before the test looks.
      await act(() => fireEvent.click(screen.getByRole('button', { name: 'Copy message' })));
    }

    it('copies the message’s markdown and toasts “Content Copied”', async () => {
      renderSut([assistant('a1', 'Use a **vapor barrier**.')]);

      await copy();

      expect(writeText).toHaveBeenCalledExactlyOnceWith('Use a **vapor barrier**.');
      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'Content Copied',
        description: 'Message content copied to clipboard.',
      });
    });

    it('toasts in the agent’s own words when its file sets them', async () => {
      renderSut([assistant('a1', 'Walk twice a day.')], false, {
        title: 'Copied!',
        description: 'Message copied to clipboard',
      });

      await copy();

      expect(toast).toHaveBeenCalledExactlyOnceWith({ title: 'Copied!', description: 'Message copied to clipboard' });
    });

    it('shows “Copied” for two seconds, then “Copy” again', async () => {
      renderSut([assistant('a1', 'Below 60%.')]);

      await copy();
      const button = screen.getByRole('button', { name: 'Copy message' });
      expect(button).toHaveTextContent('Copied');

      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(button).toHaveTextContent(/^Copy$/);
    });

    it('toasts “Copy Failed” when the clipboard refuses', async () => {
      writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
      renderSut([assistant('a1', 'Below 60%.')]);

      await copy();

      expect(toast).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({ title: 'Copy Failed', variant: 'destructive' }),
      );
      expect(screen.getByRole('button', { name: 'Copy message' })).toHaveTextContent(/^Copy$/);
    });
  });
});

describe(`${Sut.name} announcements`, () => {
  const view = (items: ChatItem[], typing = false) => (
    <JotaiProvider store={createStore()}>
      <Sut items={items} typing={typing} />
    </JotaiProvider>
  );
  const announced = () =>
    screen.getAllByRole('status').find((element) => !element.getAttribute('aria-label'))?.textContent ?? '';

  it('announces a reply once, when it is complete, not while its tokens arrive', () => {
    const question = user('u1', 'How dry?');
    const { rerender } = render(view([assistant('greeting', 'Hello!')]));
    expect(screen.getByRole('log', { name: 'Conversation' })).toHaveAttribute('aria-live', 'off');
    expect(announced()).toBe('');

    rerender(view([assistant('greeting', 'Hello!'), question], true));
    rerender(view([assistant('greeting', 'Hello!'), question, assistant('streaming', 'Below', { streaming: true })]));
    rerender(
      view([assistant('greeting', 'Hello!'), question, assistant('streaming', 'Below 60%', { streaming: true })]),
    );
    expect(announced()).toBe('');

    const items = [assistant('greeting', 'Hello!'), question, assistant('a1', 'Below 60%.')];
    rerender(view(items));
    expect(announced()).toBe('Assistant: Below 60%.');

    const status = screen.getAllByRole('status').find((element) => !element.getAttribute('aria-label'))!;
    const observed: string[] = [];
    const observer = new MutationObserver(() => observed.push(status.textContent ?? ''));
    observer.observe(status, { childList: true, subtree: true, characterData: true });
    rerender(view([...items]));
    observer.disconnect();
    expect(observed).toEqual([]);
  });

  it('announces the text of a reply, not its markdown', () => {
    const items = [assistant('greeting', 'Hello!'), user('u1', 'How dry?')];
    const { rerender } = render(view(items, true));
    rerender(
      view([...items, assistant('a1', '## Target\n\nKeep it **below 60%**, see [the guide](https://example.com).')]),
    );

    expect(announced()).toBe('Assistant: Target\n\nKeep it below 60%, see the guide.');
  });

  it('does not announce the replies of a chat that is opened', () => {
    render(view([assistant('greeting', 'Hello!'), user('u1', 'How dry?'), assistant('a1', 'Below 60%.')]));

    expect(announced()).toBe('');
  });

  it('announces nothing when a turn ends without a reply', () => {
    const items = [assistant('greeting', 'Hello!'), user('u1', 'How dry?')];
    const { rerender } = render(view(items, true));
    rerender(view([...items, notice({ text: 'The model is unavailable.' })]));

    expect(announced()).toBe('');
  });
});

describe('the last exchange: Regenerate, Edit message and versions', () => {
  const actions = () => ({ enabled: true, onRegenerate: vi.fn(), onEdit: vi.fn(), onShowVersion: vi.fn() });
  const versions = { chosen: 2, count: 2 };
  const exchange: ChatItem[] = [
    user('1', 'Hello'),
    assistant('2', 'Hi!'),
    { kind: 'user', key: '3', content: 'Which wood?', versions },
    assistant('4', 'Oak.', { versions }),
  ];
  const renderWith = (items: ChatItem[], exchangeActions: ReturnType<typeof actions>) =>
    render(
      <JotaiProvider store={createStore()}>
        <Sut items={items} typing={false} exchangeActions={exchangeActions} />
      </JotaiProvider>,
    );

  it('offers Regenerate on the last reply and Edit message on the last user message only, with the versions', () => {
    const handlers = actions();
    renderWith(exchange, handlers);
    expect(screen.getAllByRole('button', { name: 'Regenerate' })).toHaveLength(1);
    expect(within(rowOf(bubbles('assistant')[1])).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit message' })).toHaveLength(1);
    expect(within(rowOf(bubbles('user')[1])).getByRole('button', { name: 'Edit message' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Versions' }).textContent).toContain('2 / 2');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next version' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(handlers.onShowVersion).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(handlers.onRegenerate).toHaveBeenCalledOnce();
  });

  it('hides the actions and disables the arrows while a reply is written', () => {
    renderWith(exchange, { ...actions(), enabled: false });
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous version' }).disabled).toBe(true);
  });

  it('edits inline: Escape cancels and gives the focus back, Save and send sends the changed text', () => {
    const handlers = actions();
    renderWith(exchange, handlers);
    fireEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    const box = screen.getByRole('textbox', { name: 'Edited message' });
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edited message' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit message' }));
    expect(handlers.onEdit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edited message' }), {
      target: { value: 'Which wood, for a desk?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(handlers.onEdit).toHaveBeenCalledWith('Which wood, for a desk?');
  });

  it.each([
    ['Regenerate', 'Regenerate'],
    ['Save and send', 'Edit message'],
  ])('gives the focus back to %s once the new reply is written, not to the page', (used, focused) => {
    const handlers = actions();
    const view = (items: ChatItem[], enabled: boolean) => (
      <JotaiProvider store={store}>
        <Sut items={items} typing={false} exchangeActions={{ ...handlers, enabled }} />
      </JotaiProvider>
    );
    const store = createStore();
    const { rerender } = render(view(exchange, true));
    if (used === 'Regenerate') fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    else {
      fireEvent.click(screen.getByRole('button', { name: 'Edit message' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    }
    const writing: ChatItem[] = [...exchange.slice(0, 3), assistant('5', 'Wal', { streaming: true })];
    rerender(view(writing, false));
    expect(screen.queryByRole('button', { name: focused })).toBeNull();
    rerender(view([...exchange.slice(0, 3), assistant('5', 'Walnut.', { versions: { chosen: 3, count: 3 } })], true));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: focused }));
  });
});

describe('tool calls in the conversation', () => {
  const waiting = toolCall({ id: 'call-7', tool: 'mcp:files/delete', status: 'awaiting-confirmation' });

  it('shows a reply’s tool calls above its text, and its Allow goes to the chat’s decision', async () => {
    const decide = vi.fn(() => Promise.resolve({ accepted: true }));
    render(
      <JotaiProvider store={createStore()}>
        <Sut
          items={[assistant(streamingKey, 'Let me check.', { streaming: true, toolCalls: [waiting] })]}
          typing={false}
          onToolDecision={decide}
        />
      </JotaiProvider>,
    );

    const bubble = bubbles('assistant')[0];
    expect(within(bubble).getByRole('list', { name: 'Tool calls' })).toBeInTheDocument();
    fireEvent.click(within(bubble).getByRole('button', { name: 'Allow' }));
    expect(decide).toHaveBeenCalledExactlyOnceWith('call-7', true);
    await act(() => Promise.resolve());
  });

  it('announces a call that waits for the user, and the record of a saved reply stays', () => {
    const { rerender } = renderSut([assistant(streamingKey, '', { streaming: true, toolCalls: [waiting] })]);

    expect(
      screen.getByText('delete (files) waits for your permission: Allow or Deny it in the reply.'),
    ).toHaveAttribute('role', 'status');

    rerender(
      <JotaiProvider store={createStore()}>
        <Sut
          items={[
            assistant('a1', 'Deleted.', { toolCalls: [{ ...waiting, status: 'done', result: 'ok', durationMs: 9 }] }),
          ]}
          typing={false}
        />
      </JotaiProvider>,
    );
    expect(screen.queryByText(/waits for your permission/)).not.toBeInTheDocument();
    expect(within(bubbles('assistant')[0]).getByRole('button', { name: /delete \(files\)/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('keeps the focus on the call’s line when the streamed reply gives way to the saved one', async () => {
    const decide = vi.fn(() => Promise.resolve({ accepted: true }));
    const view = (items: ChatItem[]) => (
      <JotaiProvider store={createStore()}>
        <Sut items={items} typing={false} onToolDecision={decide} />
      </JotaiProvider>
    );
    const question = user('u1', 'Delete a.txt');
    const denied = { ...waiting, status: 'denied' as const };
    const { rerender } = render(
      view([question, assistant(streamingKey, '', { streaming: true, toolCalls: [waiting] })]),
    );
    const deny = screen.getByRole('button', { name: 'Deny' });
    deny.focus();
    fireEvent.click(deny);
    await act(() => Promise.resolve());

    rerender(view([question, assistant(streamingKey, '', { streaming: true, toolCalls: [denied] })]));
    const line = () => screen.getByRole('listitem');
    await waitFor(() => expect(line()).toHaveFocus());
    const streamedLine = line();

    rerender(view([question, assistant('a1', 'You declined.', { toolCalls: [denied] })]));
    expect(line()).not.toBe(streamedLine);
    await waitFor(() => expect(line()).toHaveFocus());
  });

  it('leaves the focus where the user moved it from the call’s line when the reply is saved', async () => {
    const view = (items: ChatItem[]) => (
      <JotaiProvider store={createStore()}>
        <Sut items={items} typing={false} onToolDecision={() => Promise.resolve({ accepted: true })} />
        <textarea aria-label="Message" />
      </JotaiProvider>
    );
    const denied = { ...waiting, status: 'denied' as const };
    const { rerender } = render(view([assistant(streamingKey, '', { streaming: true, toolCalls: [waiting] })]));
    screen.getByRole('button', { name: 'Deny' }).focus();
    rerender(view([assistant(streamingKey, '', { streaming: true, toolCalls: [denied] })]));
    await waitFor(() => expect(screen.getByRole('listitem')).toHaveFocus());

    screen.getByRole('textbox', { name: 'Message' }).focus();
    screen.getByRole('textbox', { name: 'Message' }).blur();
    rerender(view([assistant('a1', 'You declined.', { toolCalls: [denied] })]));

    expect(screen.getByRole('listitem')).not.toHaveFocus();
  });
});
