import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ToolCallRecord } from '../../../../lib/api/tool-decisions';
import { toolCall } from '../../../../test/tool-calls';
import type { DecideToolCall } from './decide-tool-call';
import { useToolCallFocus } from './tool-call-focus';
import { ToolCallList as Sut } from './tool-call-list';

const accepted = () => vi.fn<DecideToolCall>(() => Promise.resolve({ accepted: true }));

/** The list as a conversation draws it, with the conversation's keeper of a call line's focus. */
function InConversation({ calls, decide }: { calls: ToolCallRecord[]; decide: DecideToolCall }) {
  return <Sut calls={calls} decide={decide} focus={useToolCallFocus()} />;
}

function renderSut(calls: ToolCallRecord[], decide: DecideToolCall = accepted()) {
  const view = render(<InConversation calls={calls} decide={decide} />);
  return {
    ...view,
    rerenderWith: (next: ToolCallRecord[]) => view.rerender(<InConversation calls={next} decide={decide} />),
  };
}

const list = () => screen.getByRole('list', { name: 'Tool calls' });
const summary = (name: RegExp) => screen.getByRole('button', { name });
const done = toolCall({ status: 'done', result: '42', durationMs: 412 });

describe(Sut.name, () => {
  it('shows a running call as "Running <tool>…", then its record once the result replaces it', () => {
    const { rerenderWith } = renderSut([toolCall()]);

    expect(within(list()).getByText('Running Calculator…')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    rerenderWith([done]);

    expect(screen.queryByText('Running Calculator…')).not.toBeInTheDocument();
    expect(summary(/Calculator/)).toHaveTextContent('Calculator');
    expect(summary(/Calculator/)).toHaveTextContent('done');
    expect(summary(/Calculator/)).toHaveTextContent('0.4 s');
  });

  it('opens a record onto its pretty-printed arguments and its result', () => {
    renderSut([done]);
    const button = summary(/Calculator/);
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;

    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    fireEvent.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const texts = Array.from(panel.querySelectorAll('pre')).map((pre) => pre.textContent);
    expect(texts).toEqual(['{\n  "expression": "6*7"\n}', '42']);
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Arguments', 'Result']);
  });

  it('shows what a tool answered as literal text: no image loads and no link opens', () => {
    const result =
      '<img src="https://evil.example/x.png" onerror="alert(1)"> <a href="https://evil.example">click</a> ![x](https://evil.example/y.png) **bold**';
    renderSut([toolCall({ status: 'done', result, arguments: 'not json <b>x</b>' })]);
    fireEvent.click(summary(/Calculator/));

    const pres = list().querySelectorAll('pre');
    expect(pres[0].textContent).toBe('not json <b>x</b>');
    expect(pres[1].textContent).toBe(result);
    expect(list().querySelector('img, a, b, strong')).toBeNull();
  });

  it('shows a failed call’s error in the error style, a denied one as "Denied by you" and a stopped one as "Stopped"', () => {
    renderSut([
      toolCall({ id: 'e', tool: 'fetch_page', status: 'error', error: 'Timed out after 15 s', durationMs: 15_000 }),
      toolCall({ id: 'd', tool: 'mcp:files/delete', status: 'denied' }),
      toolCall({ id: 'c', tool: 'web_search', status: 'cancelled' }),
    ]);

    const failed = summary(/Fetch page/);
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('15.0 s');
    fireEvent.click(failed);
    const error = screen.getByText('Timed out after 15 s');
    expect(error.tagName).toBe('PRE');
    expect(error.className).toMatch(/failureText/);

    expect(summary(/delete \(files\)/)).toHaveTextContent('Denied by you');
    expect(summary(/Web search/)).toHaveTextContent('Stopped');
  });
});

describe('a call awaiting confirmation', () => {
  const awaiting = toolCall({
    id: 'call-7',
    tool: 'mcp:files/delete',
    status: 'awaiting-confirmation',
    arguments: '{"path":"a.txt"}',
  });
  const prompt = () => screen.getByRole('group', { name: 'Allow delete (files) to run?' });

  it('shows the tool, its arguments, Allow and Deny, and takes the focus', () => {
    renderSut([awaiting]);

    expect(prompt()).toHaveFocus();
    expect(prompt().querySelector('pre')?.textContent).toBe('{\n  "path": "a.txt"\n}');
    expect(within(prompt()).getByRole('button', { name: 'Allow' })).toBeEnabled();
    expect(within(prompt()).getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('leaves the focus in a field the user is typing in', () => {
    const { unmount } = render(<textarea aria-label="Message" defaultValue="half a sentence" />);
    screen.getByRole('textbox').focus();
    renderSut([awaiting]);

    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    unmount();
  });

  it('Allow sends allow=true for the call and shows it as pending until the call’s next event', async () => {
    const decide = accepted();
    const { rerenderWith } = renderSut([awaiting], decide);

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));

    expect(decide).toHaveBeenCalledExactlyOnceWith('call-7', true);
    expect(within(prompt()).getByRole('status')).toHaveTextContent('Allowing…');
    await act(() => Promise.resolve());
    expect(screen.getByRole('button', { name: 'Allow' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(decide).toHaveBeenCalledTimes(1);

    rerenderWith([{ ...awaiting, status: 'running' }]);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByText('Running delete (files)…')).toBeInTheDocument();
  });

  it('Deny sends allow=false', async () => {
    const decide = accepted();
    renderSut([awaiting], decide);

    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));

    expect(decide).toHaveBeenCalledExactlyOnceWith('call-7', false);
    expect(within(prompt()).getByRole('status')).toHaveTextContent('Denying…');
    await act(() => Promise.resolve());
  });

  it('gives the focus to the call’s line when its answer replaces the prompt', async () => {
    const { rerenderWith } = renderSut([awaiting]);
    screen.getByRole('button', { name: 'Deny' }).focus();

    rerenderWith([{ ...awaiting, status: 'denied' }]);

    await waitFor(() => expect(screen.getByRole('listitem')).toHaveFocus());
  });

  it('says so when the call no longer waits, and when the answer could not be sent', async () => {
    const decide = vi
      .fn<DecideToolCall>()
      .mockResolvedValueOnce({ accepted: false })
      .mockRejectedValueOnce(new Error('offline'));
    renderSut([awaiting], decide);

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(within(prompt()).getByRole('status')).toHaveTextContent('This call no longer waits for an answer.'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(within(prompt()).getByRole('status')).toHaveTextContent('Your answer could not be sent. Try again.'),
    );
    expect(screen.getByRole('button', { name: 'Allow' })).not.toHaveAttribute('aria-disabled');
  });
});
