import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentMemoryList } from '../../lib/api/agent-memory';
import { installDialogSupport } from '../../test/dialog-support';
import { stubObjectUrls } from '../../test/object-urls';
import { newQueryClient } from '../../test/render-at';
import { json, stubApi, type ApiCall } from '../../test/stub-api';
import MemoryDialog from './memory-dialog';

const base = '/api/agents/remembers/memory';
const at = '2026-11-20T10:00:00.000Z';

const fact = (id: string, text: string, source: AgentMemoryList['facts'][number]['source']) => ({
  id,
  text,
  createdAt: at,
  updatedAt: at,
  source,
});

const stored: AgentMemoryList = {
  facts: [
    fact('f1', 'Prefers aisle seats.', { kind: 'chat', sessionId: 's1', title: 'Trip to Lisbon' }),
    fact('f2', 'Has a cat named Miso.', { kind: 'hidden-chat' }),
    fact('f3', 'Allergic to peanuts.', { kind: 'import' }),
  ],
  maxFacts: 100,
  maxFactChars: 300,
  policy: 'auto',
};

let list: AgentMemoryList;
let calls: ApiCall[];
let restoreDialogs: () => void;

function renderSut(handlers: Parameters<typeof stubApi>[0] = {}) {
  calls = stubApi({
    [`GET ${base}`]: () => json(list),
    [`PATCH ${base}/f1`]: (call) => {
      list = {
        ...list,
        facts: list.facts.map((one) =>
          one.id === 'f1' ? { ...one, text: (call.body as { text: string }).text } : one,
        ),
      };
      return json(list);
    },
    [`DELETE ${base}/f2`]: () => {
      list = { ...list, facts: list.facts.filter((one) => one.id !== 'f2') };
      return new Response(null, { status: 204 });
    },
    [`DELETE ${base}`]: () => {
      list = { ...list, facts: [] };
      return new Response(null, { status: 204 });
    },
    ...handlers,
  });
  const onOpenChat = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryDialog agentId="remembers" onOpenChat={onOpenChat} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onOpenChat, onClose };
}

const dialog = () => screen.getAllByRole('dialog')[0];
const facts = () =>
  within(screen.getByRole('list', { name: 'Remembered facts' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

beforeEach(() => {
  list = structuredClone(stored);
  restoreDialogs = installDialogSupport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  restoreDialogs();
});

describe(MemoryDialog.name, () => {
  it('lists the facts with where each came from and the limits', async () => {
    renderSut();

    expect(await screen.findByText('Prefers aisle seats.')).toBeInTheDocument();
    expect(dialog()).toHaveAccessibleName('Memory');
    expect(screen.getByText('3 of 100 facts')).toBeInTheDocument();
    expect(screen.getByText(/A fact may have up to 300 characters\./)).toBeInTheDocument();
    expect(facts()).toEqual(['Prefers aisle seats.', 'Has a cat named Miso.', 'Allergic to peanuts.']);
    expect(screen.getByText('From a chat you cannot open')).toBeInTheDocument();
    expect(screen.getByText('Imported')).toBeInTheDocument();
  });

  it('opens the chat a fact came from, and closes', async () => {
    const { onOpenChat, onClose } = renderSut();

    fireEvent.click(await screen.findByRole('button', { name: 'Open the chat “Trip to Lisbon”' }));

    expect(onOpenChat).toHaveBeenCalledWith('s1');
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a fact in place: Enter saves, and the focus comes back to Edit', async () => {
    renderSut();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Prefers aisle seats.' }));
    const field = screen.getByRole('textbox', { name: 'Edit fact' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Prefers aisle seats.');

    fireEvent.change(field, { target: { value: 'Prefers window seats.' } });
    fireEvent.keyDown(field, { key: 'Enter' });

    expect(await screen.findByText('Fact saved.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `${base}/f1`, body: { text: 'Prefers window seats.' } },
    ]);
    expect(facts()[0]).toBe('Prefers window seats.');
    expect(screen.getByRole('button', { name: 'Edit: Prefers window seats.' })).toHaveFocus();
  });

  it('cancels an edit on Escape without closing the panel or saving', async () => {
    const { onClose } = renderSut();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Prefers aisle seats.' }));
    const field = screen.getByRole('textbox', { name: 'Edit fact' });
    fireEvent.change(field, { target: { value: 'Something else' } });

    fireEvent.keyDown(field, { key: 'Escape' });

    expect(screen.queryByRole('textbox', { name: 'Edit fact' })).not.toBeInTheDocument();
    expect(facts()[0]).toBe('Prefers aisle seats.');
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(screen.getByRole('button', { name: 'Edit: Prefers aisle seats.' })).toHaveFocus();
  });

  it("shows the server's words when an edit is refused, and keeps the field open", async () => {
    renderSut({
      [`PATCH ${base}/f1`]: () =>
        json({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'A fact has at most 300 characters.' }, 400),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Prefers aisle seats.' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit fact' }), { target: { value: 'x'.repeat(20) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A fact has at most 300 characters.'));
    expect(screen.getByRole('textbox', { name: 'Edit fact' })).toBeInTheDocument();
  });

  it('deletes one fact once the user confirms, the panel staying open', async () => {
    const { onClose } = renderSut();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Has a cat named Miso.' }));
    const question = screen.getByRole('dialog', { name: 'Delete this fact?' });
    expect(question).toHaveAccessibleDescription('Has a cat named Miso.');

    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Fact deleted.')).toBeInTheDocument();
    await waitFor(() => expect(facts()).toEqual(['Prefers aisle seats.', 'Allergic to peanuts.']));
    expect(screen.getByText('2 of 100 facts')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('forgets everything once the user confirms, and not when they cancel', async () => {
    renderSut();
    fireEvent.click(await screen.findByRole('button', { name: 'Forget everything' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Forget everything the agent remembers for you?' })).getByRole(
        'button',
        { name: 'Cancel' },
      ),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Forget everything' }));
    const question = screen.getByRole('dialog', { name: 'Forget everything the agent remembers for you?' });
    expect(question).toHaveAccessibleDescription('3 facts will be deleted. This cannot be undone.');
    fireEvent.click(within(question).getByRole('button', { name: 'Forget everything' }));

    expect(await screen.findByText('The agent remembers nothing for you yet.')).toBeInTheDocument();
    expect(screen.getByText('The agent remembers nothing for you now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forget everything' })).toBeDisabled();
  });

  it('downloads the export as a JSON file named for the agent', async () => {
    const urls = stubObjectUrls();
    const exported = { format: 'mb-agent-memory', version: 1, agent: 'remembers', exportedAt: at, facts: [] };
    renderSut({
      [`GET ${base}/export`]: () => json({ ...exported, facts: [{ text: 'a', createdAt: at, updatedAt: at }] }),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Downloaded 1 fact.')).toBeInTheDocument();
    expect(urls.made).toHaveLength(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('remembers-memory.json');
    clicked.mockRestore();
  });

  it("imports a chosen file and says the server's sentence; a file that is not JSON is named", async () => {
    const file = { format: 'mb-agent-memory', version: 1, agent: 'other', exportedAt: at, facts: [] };
    renderSut({
      [`POST ${base}/import`]: () =>
        json({ imported: 2, duplicates: 1, refused: 0, message: 'Imported 2 facts; 1 was already remembered.' }),
    });
    const input = await screen.findByLabelText('Import facts from an export file');

    fireEvent.change(input, { target: { files: [new File([JSON.stringify(file)], 'memory.json')] } });

    expect(await screen.findByText('Imported 2 facts; 1 was already remembered.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(file);

    fireEvent.change(input, { target: { files: [new File(['not json'], 'notes.txt')] } });

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('notes.txt is not a memory export: it is not JSON.'),
    );
  });

  it('says when the memory cannot be loaded, in the words of the server', async () => {
    renderSut({
      [`GET ${base}`]: () =>
        json({ statusCode: 403, code: 'FORBIDDEN', message: 'This agent is meant for someone else.' }, 403),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('What the agent remembers could not be loaded.');
  });
});
