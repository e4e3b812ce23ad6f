import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentKnowledgeStatus } from '../../lib/api/agent-knowledge';
import { newQueryClient } from '../../test/render-at';
import { json, stubApi } from '../../test/stub-api';
import { KnowledgeNotice as Sut } from './knowledge-notice';

const path = 'GET /api/agents/knows/knowledge';

const lines = () => Array.from(screen.getByRole('status').querySelectorAll('p'), (line) => line.textContent);

function renderSut(answers: AgentKnowledgeStatus[]) {
  let next = 0;
  const calls = stubApi({ [path]: () => json(answers[Math.min(next++, answers.length - 1)]) });
  render(
    <QueryClientProvider client={newQueryClient()}>
      <Sut agentId="knows" />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe(Sut.name, () => {
  it('says which files are being read, and asks again until they are', async () => {
    const calls = renderSut([
      {
        indexing: true,
        files: [
          { file: 'knowledge/survey/survey.pdf', status: 'indexing' },
          { file: 'knowledge/survey/notes.md', status: 'ready', description: 'Markdown', passages: 2, tokens: 80 },
        ],
      },
      {
        indexing: false,
        files: [
          { file: 'knowledge/survey/survey.pdf', status: 'ready', description: 'PDF, 300 pages', passages: 300 },
          { file: 'knowledge/survey/notes.md', status: 'ready', description: 'Markdown', passages: 2, tokens: 80 },
        ],
      },
    ]);

    expect(await screen.findByText('Reading knowledge files: survey.pdf…')).toBeInTheDocument();
    await vi.waitFor(() => expect(lines()).toEqual([]), { timeout: 3_000 });
    expect(calls).toHaveLength(2);
  });

  it('names each file that failed or is missing, with why, and stops asking', async () => {
    const calls = renderSut([
      {
        indexing: false,
        files: [
          { file: 'knowledge/survey/scan.pdf', status: 'failed', reason: 'The PDF is damaged.' },
          { file: 'knowledge/survey/old.md', status: 'missing', reason: 'not found' },
          { file: 'knowledge/survey/notes.md', status: 'ready' },
        ],
      },
    ]);

    expect(await screen.findByText('scan.pdf could not be read: The PDF is damaged.')).toBeInTheDocument();
    expect(lines()).toEqual(['scan.pdf could not be read: The PDF is damaged.', 'old.md was not read: not found']);
    expect(calls).toHaveLength(1);
  });
});
