import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/toast/toasts';
import { queryClient as appQueryClient } from '../../../lib/query-client';
import { json, stubApi } from '../../../test/stub-api';
import { ImportChat as Sut } from './import-chat';

vi.mock('../../../components/toast/toasts', () => ({ toast: vi.fn() }));

const session = {
  id: 's2',
  title: 'Gutters',
  systemPrompt: null,
  summary: null,
  agentType: 'trips',
  persona: null,
  pinned: false,
  createdAt: '2024-11-20T10:00:00.000Z',
  updatedAt: '2024-11-21T15:05:00.000Z',
};

function renderSut(onImported = vi.fn()) {
  const client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  const { container } = render(
    <QueryClientProvider client={client}>
      <Sut className="" onImported={onImported} />
    </QueryClientProvider>,
  );
  return { input: container.querySelector<HTMLInputElement>('input[type="file"]')!, onImported };
}

const exportFile = () => new File(['{"version":1}'], 'gutters.json', { type: 'application/json' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe(Sut.name, () => {
  it('keeps a note of the sources the server left out under the button, after its toast is gone', async () => {
    const leftOut = ['messages.1.sources.1 ("Click me") was left out', 'messages.1.sources.2 ("A page") was left out'];
    stubApi({ 'POST /api/chat/import': () => json({ ...session, leftOut }, 201) });
    const { input, onImported } = renderSut();

    fireEvent.change(input, { target: { files: [exportFile()] } });

    expect(await screen.findByRole('status')).toHaveTextContent(
      '“Gutters” was imported without 2 sources: their links were not web addresses.',
    );
    expect(toast).toHaveBeenCalledWith({
      title: 'Chat Imported',
      description: '“Gutters” was imported without 2 sources: their links were not web addresses.',
    });
    expect(onImported).toHaveBeenCalledWith(session);
  });

  it('keeps the note when the control is shown again (a phone closes the drawer holding it as the chat opens)', async () => {
    stubApi({
      'POST /api/chat/import': () => json({ ...session, leftOut: ['messages.1.sources.0 was left out'] }, 201),
    });
    const first = renderSut();
    fireEvent.change(first.input, { target: { files: [exportFile()] } });
    await screen.findByRole('status');

    cleanup();
    renderSut();

    expect(screen.getByRole('status')).toHaveTextContent(
      '“Gutters” was imported without 1 source: its link was not a web address.',
    );
  });

  it('says nothing more than the title when nothing was left out', async () => {
    stubApi({ 'POST /api/chat/import': () => json({ ...session, leftOut: [] }, 201) });
    const { input, onImported } = renderSut();

    fireEvent.change(input, { target: { files: [exportFile()] } });

    await vi.waitFor(() => expect(onImported).toHaveBeenCalledWith(session));
    expect(toast).toHaveBeenCalledWith({ title: 'Chat Imported', description: 'Gutters' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
