import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageProvenance, MessageUsage } from '../../../lib/api/sessions';
import { ReplyDetails as Sut, tokensText } from './reply-details';

const provenance: MessageProvenance = {
  model: 'gpt-4o-mini',
  strategy: 'completions',
  fallbacks: [],
  retries: 0,
  contextMessages: 6,
  omittedMessages: 0,
  personaHash: '0123456789ab',
};
const usage: MessageUsage = { promptTokens: 1234, completionTokens: 56, estimated: false };

const button = () => screen.getByRole('button', { name: 'Reply details' });
const panel = () => screen.getByRole('group', { name: 'Reply details' });

/** The panel's terms and values, in order. */
const shownRows = () =>
  within(panel())
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe(Sut.name, () => {
  // jsdom lays nothing out and has no scrollIntoView.
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    scrollIntoView.mockReset();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('is a closed disclosure button with a short visible label', () => {
    render(<Sut provenance={provenance} usage={usage} sources={0} />);

    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveTextContent(/^Details$/);
    expect(screen.queryByRole('group', { name: 'Reply details' })).not.toBeInTheDocument();
  });

  it('brings the opened panel into view, scrolling no more than needed', () => {
    render(<Sut provenance={provenance} usage={usage} sources={0} />);
    expect(scrollIntoView).not.toHaveBeenCalled();

    fireEvent.click(button());

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
    expect(scrollIntoView.mock.contexts[0]).toBe(panel());
  });

  it('shows what produced the reply and its tokens when opened', () => {
    render(<Sut provenance={provenance} usage={usage} sources={0} />);

    fireEvent.click(button());

    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls', panel().id);
    expect(shownRows()).toEqual([
      ['Model', 'gpt-4o-mini'],
      ['Strategy', 'completions'],
      ['Retries', '0'],
      ['Sources', '0'],
      ['Messages seen', '6'],
      ['Messages left out', '0'],
      ['Persona', '0123456789ab'],
      ['Tokens', '1,234 in / 56 out'],
    ]);
  });

  it('names the strategies it fell back from, the web search, and estimated tokens', () => {
    render(
      <Sut
        provenance={{
          ...provenance,
          strategy: 'completions',
          fallbacks: ['search-first', 'assistant'],
          retries: 2,
          searchQuery: 'latest rates',
          omittedMessages: 14,
        }}
        usage={{ ...usage, estimated: true }}
        sources={3}
      />,
    );
    fireEvent.click(button());

    expect(shownRows()).toEqual(
      expect.arrayContaining([
        ['Fell back from', 'search-first, assistant'],
        ['Retries', '2'],
        ['Web search', 'latest rates'],
        ['Sources', '3'],
        ['Messages left out', '14'],
        ['Tokens', '1,234 in / 56 out (estimated)'],
      ]),
    );
  });

  it('lists the attachments the model read, how much of each and the tokens they took', () => {
    render(
      <Sut
        provenance={{
          ...provenance,
          attachments: [
            {
              id: 'a1',
              name: 'inspection-report.pdf',
              kind: 'document',
              read: 'pages 3-9 and 41 of 80',
              tokens: 12_400,
            },
            { id: 'a2', name: 'crawlspace.jpg', kind: 'image', read: 'the whole image', tokens: 765 },
          ],
        }}
        sources={0}
      />,
    );
    fireEvent.click(button());

    const row = shownRows().find(([term]) => term === 'Attachments read');
    expect(row).toEqual([
      'Attachments read',
      'inspection-report.pdf: pages 3-9 and 41 of 80 (12,400 tokens)crawlspace.jpg: the whole image (765 tokens)',
    ]);
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'inspection-report.pdf: pages 3-9 and 41 of 80 (12,400 tokens)',
      'crawlspace.jpg: the whole image (765 tokens)',
    ]);
  });

  it('says how the knowledge was read, lists every passage with its score and tokens, and the notes', () => {
    render(
      <Sut
        provenance={{
          ...provenance,
          knowledge: {
            read: 'passages',
            tokens: 2_480,
            passages: [
              { file: 'knowledge/survey/survey.pdf', where: 'page 211', score: 0, tokens: 610 },
              { file: 'knowledge/survey/survey.pdf', where: 'page 212', score: 0.0328, tokens: 640 },
              { file: 'knowledge/survey/sales.csv', where: 'rows 1-39', score: 0.0161, tokens: 1_230 },
            ],
            sources: [],
            notes: ['sales.csv: rows 1-400 of 5,000 read'],
          },
          memory: { facts: 2, total: 3, tokens: 41 },
        }}
        sources={0}
      />,
    );
    fireEvent.click(button());

    expect(shownRows()).toEqual(
      expect.arrayContaining([
        ['Knowledge', 'read by passages, 2,480 tokens'],
        ['Knowledge notes', 'sales.csv: rows 1-400 of 5,000 read'],
        ['Memory', '2 of 3 facts given, 41 tokens'],
      ]),
    );
    const passages = shownRows().find(([term]) => term === 'Passages given');
    expect(passages).toBeDefined();
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'survey.pdf, page 211: score 0, 610 tokens',
      'survey.pdf, page 212: score 0.0328, 640 tokens',
      'sales.csv, rows 1-39: score 0.0161, 1,230 tokens',
      'sales.csv: rows 1-400 of 5,000 read',
    ]);
  });

  it('says when the knowledge was read whole', () => {
    render(
      <Sut
        provenance={{
          ...provenance,
          knowledge: { read: 'whole', tokens: 90, passages: [], sources: [], notes: [] },
        }}
        sources={0}
      />,
    );
    fireEvent.click(button());

    expect(shownRows()).toContainEqual(['Knowledge', 'read whole, 90 tokens']);
    expect(shownRows().map(([term]) => term)).not.toContain('Knowledge notes');
  });

  it('has no attachments row when the model read none', () => {
    render(<Sut provenance={provenance} sources={0} />);
    fireEvent.click(button());

    expect(shownRows().map(([term]) => term)).not.toContain('Attachments read');
  });

  it('lists the tools the model called, how long each took and whether it answered', () => {
    render(
      <Sut
        provenance={{
          ...provenance,
          toolCalls: [
            { tool: 'calculator', durationMs: 412, ok: true },
            { tool: 'mcp:everything/echo', durationMs: 15_000, ok: false },
          ],
        }}
        sources={0}
      />,
    );
    fireEvent.click(button());

    const row = shownRows().find(([term]) => term === 'Tool calls');
    expect(row?.[1]).toBe('Calculator: 0.4 s, okecho (everything): 15.0 s, failed');
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Calculator: 0.4 s, ok', 'echo (everything): 15.0 s, failed']);
  });

  it('says why the reply was written without its tools, or why tool use ended early', () => {
    render(
      <Sut
        provenance={{
          ...provenance,
          toolsUnavailable: 'The model does not take function calls.',
          toolStepsEnded: 'The reply reached its 8 tool steps.',
        }}
        sources={0}
      />,
    );
    fireEvent.click(button());

    expect(shownRows()).toEqual(
      expect.arrayContaining([
        ['Tools unavailable', 'The model does not take function calls.'],
        ['Tool use ended', 'The reply reached its 8 tool steps.'],
      ]),
    );
  });

  it('has no tool rows for a reply that used no tools', () => {
    render(<Sut provenance={provenance} sources={0} />);
    fireEvent.click(button());

    expect(shownRows().map(([term]) => term)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^Tool/)]));
  });

  it('shows only the tokens of a reply without provenance', () => {
    render(<Sut usage={usage} sources={0} />);
    fireEvent.click(button());

    expect(shownRows()).toEqual([['Tokens', '1,234 in / 56 out']]);
  });

  it('closes on Escape and gives focus back to the button', () => {
    render(<Sut provenance={provenance} usage={usage} sources={0} />);
    button().focus();
    fireEvent.click(button());

    fireEvent.keyDown(button(), { key: 'Escape' });

    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Reply details' })).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });

  it('closes when its button is pressed again', () => {
    render(<Sut provenance={provenance} sources={0} />);
    fireEvent.click(button());
    fireEvent.click(button());

    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe(tokensText.name, () => {
  it('groups thousands and says when the count is our estimate', () => {
    expect(tokensText({ promptTokens: 1_200_000, completionTokens: 3, estimated: true })).toBe(
      '1,200,000 in / 3 out (estimated)',
    );
  });
});
