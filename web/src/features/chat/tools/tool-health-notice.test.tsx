import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentTools } from '@mb/contracts/types/agent';
import type { ToolsResponse } from '../../../lib/api/tools';
import { newQueryClient } from '../../../test/render-at';
import { json, stubApi } from '../../../test/stub-api';
import { ToolHealthNotice as Sut } from './tool-health-notice';

const health: ToolsResponse = {
  builtins: [
    { name: 'calculator', available: true },
    { name: 'web_search', available: false, reason: 'no SERPER_API_KEY' },
  ],
  servers: [
    { name: 'files', transport: 'stdio', state: 'failed', lastError: 'spawn npx ENOENT', tools: [] },
    { name: 'wiki', transport: 'streamable-http', state: 'reconnecting', tools: [] },
    { name: 'everything', transport: 'stdio', state: 'connected', tools: [{ name: 'echo' }] },
    { name: 'slow', transport: 'sse', state: 'connecting', tools: [] },
  ],
};

function renderSut(tools: AgentTools | undefined, answer: ToolsResponse = health) {
  const calls = stubApi({ 'GET /api/tools': () => json(answer) });
  render(
    <QueryClientProvider client={newQueryClient()}>
      <Sut tools={tools} />
    </QueryClientProvider>,
  );
  return calls;
}

const notices = () => Array.from(screen.getByRole('status').querySelectorAll('p'), (line) => line.textContent);

afterEach(() => vi.unstubAllGlobals());

describe(Sut.name, () => {
  it('says which granted MCP servers are down and which granted built-ins the server lacks', async () => {
    renderSut([
      'calculator',
      'web_search',
      'mcp:files/read_file',
      { use: 'mcp:wiki', policy: 'confirm' },
      'mcp:everything',
    ]);

    expect(await screen.findByText(/files tools/)).toBeInTheDocument();
    expect(notices()).toEqual([
      'Web search is not configured on this server.',
      "files tools are unavailable right now (spawn npx ENOENT); answers won't use them.",
      "wiki tools are unavailable right now; answers won't use them.",
    ]);
  });

  it('says nothing of tools the agent does not use, nor of a server still connecting', async () => {
    const calls = renderSut(['calculator', 'mcp:everything/echo', 'mcp:slow']);

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(notices()).toEqual([]);
  });

  it('does not ask for the tools’ health when the agent uses none', () => {
    const calls = renderSut(undefined);

    expect(calls).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
