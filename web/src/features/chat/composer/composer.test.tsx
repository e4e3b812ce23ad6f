import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentInput } from '@mb/contracts/types/agent';
import { toast } from '../../../components/toast/toasts';
import { Composer as Sut } from './composer';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

/** The agent pages' composer (the ones where Enter sends). */
const enterInput: AgentInput = {
  send: 'enter',
  placeholder: 'Type a message...',
  hint: 'Press Enter to send, Shift+Enter for new line',
  busyHint: 'Processing...',
  minHeight: 50,
  maxHeight: 150,
  attach: 'append-file-name',
};

/** The health and dog agents' composer. */
const shiftEnterInput: AgentInput = {
  send: 'shift-enter',
  placeholder: 'Happy to help... (Shift+Enter to send)',
  rows: 3,
  minHeight: 80,
  attach: 'alert-not-implemented',
};

type Props = ComponentProps<typeof Sut>;

function renderSut(overrides: Partial<Props> = {}) {
  const props: Props = {
    input: enterInput,
    draft: 'Hello there',
    onDraftChange: vi.fn(),
    onSend: vi.fn(),
    onStop: vi.fn(),
    busy: false,
    canStop: false,
    ...overrides,
  };
  const view = render(<Sut {...props} />);
  return { ...view, props };
}

const textArea = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
/** Presses a key in the text area; false when the composer prevented its default (no line break). */
const press = (init: KeyboardEventInit) => fireEvent.keyDown(textArea(), { key: 'Enter', ...init });

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe(Sut.name, () => {
  describe('with send key "enter"', () => {
    it('sends the draft on Enter instead of inserting a line break', () => {
      const { props } = renderSut();

      expect(press({})).toBe(false);

      expect(props.onSend).toHaveBeenCalledExactlyOnceWith('Hello there');
    });

    it('inserts a line break on Shift+Enter without sending', () => {
      const { props } = renderSut();

      expect(press({ shiftKey: true })).toBe(true);

      expect(props.onSend).not.toHaveBeenCalled();
    });
  });

  describe('with send key "shift-enter"', () => {
    it('sends the draft on Shift+Enter', () => {
      const { props } = renderSut({ input: shiftEnterInput });

      expect(press({ shiftKey: true })).toBe(false);

      expect(props.onSend).toHaveBeenCalledExactlyOnceWith('Hello there');
    });

    it('inserts a line break on Enter without sending', () => {
      const { props } = renderSut({ input: shiftEnterInput });

      expect(press({})).toBe(true);

      expect(props.onSend).not.toHaveBeenCalled();
    });
  });

  it.each([
    ['enter', enterInput, {}],
    ['shift-enter', shiftEnterInput, { shiftKey: true }],
  ] as const)('never sends while an IME composition is in progress (send key "%s")', (_send, input, keys) => {
    const { props } = renderSut({ input });

    expect(press({ ...keys, isComposing: true })).toBe(true);

    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('sends the draft with the send button', () => {
    const { props } = renderSut();

    fireEvent.click(sendButton());

    expect(props.onSend).toHaveBeenCalledExactlyOnceWith('Hello there');
  });

  it.each([
    ['empty', ''],
    ['whitespace-only', '  \n\t '],
  ])('does not send an %s draft and disables the send button', (_kind, draft) => {
    const { props } = renderSut({ draft });

    expect(sendButton()).toBeDisabled();
    press({});
    fireEvent.submit(textArea().closest('form')!);

    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('passes what is typed to onDraftChange', () => {
    const { props } = renderSut({ draft: '' });

    fireEvent.change(textArea(), { target: { value: 'New text' } });

    expect(props.onDraftChange).toHaveBeenCalledExactlyOnceWith('New text');
  });

  describe('while a reply is awaited', () => {
    it('disables sending and shows the busy hint', () => {
      const { props } = renderSut({ busy: true });

      expect(sendButton()).toBeDisabled();
      press({});
      expect(props.onSend).not.toHaveBeenCalled();
      expect(textArea()).toHaveAccessibleDescription('Processing...');
      expect(screen.queryByText(enterInput.hint!)).not.toBeInTheDocument();
    });

    it('keeps the usual hint when the agent has no busy hint', () => {
      renderSut({ busy: true, input: { ...enterInput, busyHint: undefined } });

      expect(textArea()).toHaveAccessibleDescription(enterInput.hint!);
    });

    it('offers “Stop generating” instead of sending when the reply can be stopped', () => {
      const { props } = renderSut({ busy: true, canStop: true });

      expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Stop generating' }));

      expect(props.onStop).toHaveBeenCalledOnce();
      expect(props.onSend).not.toHaveBeenCalled();
    });

    it('offers no stop button when the reply cannot be stopped', () => {
      renderSut({ busy: true, canStop: false });

      expect(screen.queryByRole('button', { name: 'Stop generating' })).not.toBeInTheDocument();
    });
  });

  it('offers no stop button when nothing is awaited', () => {
    renderSut({ busy: false, canStop: true });

    expect(screen.queryByRole('button', { name: 'Stop generating' })).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it('describes the text area with the agent’s hint', () => {
    renderSut();

    expect(textArea()).toHaveAccessibleDescription('Press Enter to send, Shift+Enter for new line');
  });

  it('shows no hint when the agent has none', () => {
    renderSut({ input: shiftEnterInput });

    expect(textArea()).not.toHaveAttribute('aria-describedby');
  });

  it('applies the agent’s placeholder, minimum and maximum heights, with one row by default', () => {
    renderSut();

    const area = textArea();
    expect(area).toHaveAttribute('placeholder', 'Type a message...');
    expect(area).toHaveAttribute('rows', '1');
    expect(area.style.minHeight).toBe('50px');
    expect(area.style.maxHeight).toBe('150px');
    expect(area.style.height).toBe('50px');
  });

  it('applies the agent’s rows and minimum height, with no maximum', () => {
    renderSut({ input: shiftEnterInput });

    const area = textArea();
    expect(area).toHaveAttribute('placeholder', 'Happy to help... (Shift+Enter to send)');
    expect(area).toHaveAttribute('rows', '3');
    expect(area.style.minHeight).toBe('80px');
    expect(area.style.maxHeight).toBe('');
  });

  it('grows with the text up to the maximum height', () => {
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockReturnValue(400);

    renderSut();

    expect(textArea().style.height).toBe('150px');
  });

  describe('attach "alert-not-implemented"', () => {
    it('alerts that file upload is not yet implemented and changes nothing', () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      const { props } = renderSut({ input: shiftEnterInput });

      fireEvent.click(screen.getByRole('button', { name: 'Attach a file' }));

      expect(alert).toHaveBeenCalledExactlyOnceWith('File upload is not yet implemented');
      expect(props.onDraftChange).not.toHaveBeenCalled();
    });
  });

  describe('attach "append-file-name"', () => {
    const filePicker = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const choose = (container: HTMLElement, name: string) =>
      fireEvent.change(filePicker(container), {
        target: { files: [new File(['x'], name, { type: 'application/pdf' })] },
      });

    it('opens the file picker instead of alerting', () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      const { container } = renderSut();
      const click = vi.spyOn(filePicker(container), 'click').mockImplementation(() => {});

      fireEvent.click(screen.getByRole('button', { name: 'Attach a file' }));

      expect(click).toHaveBeenCalledOnce();
      expect(alert).not.toHaveBeenCalled();
    });

    it('appends a line naming the chosen file to the draft, toasts it and returns to the text area', () => {
      const { container, props } = renderSut({ draft: 'Look at this' });

      choose(container, 'crawlspace.pdf');

      expect(props.onDraftChange).toHaveBeenCalledExactlyOnceWith('Look at this\n[Attached file: crawlspace.pdf]');
      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'File Attached',
        description: 'File "crawlspace.pdf" attached to your message.',
      });
      expect(textArea()).toHaveFocus();
    });

    it('makes the file line the whole draft when the draft is empty', () => {
      const { container, props } = renderSut({ draft: '' });

      choose(container, 'plan.png');

      expect(props.onDraftChange).toHaveBeenCalledExactlyOnceWith('[Attached file: plan.png]');
    });

    it('does nothing when the picker is closed without a file', () => {
      const { container, props } = renderSut();

      fireEvent.change(filePicker(container), { target: { files: [] } });

      expect(props.onDraftChange).not.toHaveBeenCalled();
      expect(toast).not.toHaveBeenCalled();
    });
  });
});
