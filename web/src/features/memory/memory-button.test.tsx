import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentDefinition } from '../../lib/api/agents';
import { installDialogSupport } from '../../test/dialog-support';
import { newQueryClient } from '../../test/render-at';
import { json, stubApi } from '../../test/stub-api';
import { MemoryButton as Sut } from './memory-button';

const agent = { id: 'remembers', memory: true } as AgentDefinition;

let restoreDialogs: () => void;
beforeEach(() => {
  restoreDialogs = installDialogSupport();
  stubApi({
    'GET /api/agents/remembers/memory': () => json({ facts: [], maxFacts: 100, maxFactChars: 300, policy: 'confirm' }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  restoreDialogs();
});

describe(Sut.name, () => {
  it('opens the memory panel, and gives the focus back when it closes', async () => {
    render(
      <QueryClientProvider client={newQueryClient()}>
        <Sut agent={agent} onOpenChat={vi.fn()} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Memory' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');

    fireEvent.click(button);

    expect(await screen.findByText('0 of 100 facts')).toBeInTheDocument();
    expect(screen.getByText(/The agent asks before it remembers or forgets a fact\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
