import type { AgentConfig } from '@mb/contracts/types/agent-config';
import { comparePersonas, wordChanges } from './persona-changes';

const base: AgentConfig = {
  role_description: 'You are a test agent.',
  domains: [
    { title: 'Drainage', description: 'Sump pits and drain tile.' },
    { title: 'Vapour barriers', description: 'Crawlspace liners.' },
  ],
  response_guidelines: [
    { priority: 1, content: 'Keep answers short.' },
    { priority: 'high', content: 'Ask for the square footage.' },
  ],
};

describe(comparePersonas.name, () => {
  it('finds nothing between a persona and itself, whatever the order of its lists', () => {
    const reordered = {
      ...base,
      domains: [...base.domains].reverse(),
      response_guidelines: [...base.response_guidelines].reverse(),
    };
    const sut = comparePersonas(base, reordered);
    expect(sut.summary).toBe('no changes');
    expect(sut.role).toEqual({ changed: false, parts: [{ type: 'same', text: base.role_description }] });
    expect(sut.domains).toEqual({ added: [], removed: [], changed: [] });
    expect(sut.guidelines).toEqual({ added: [], removed: [], changed: [] });
  });

  it('tells the role description apart word by word', () => {
    expect(wordChanges('You are a test agent.', 'You are a careful test bot.')).toEqual([
      { type: 'same', text: 'You are a ' },
      { type: 'added', text: 'careful ' },
      { type: 'same', text: 'test ' },
      { type: 'removed', text: 'agent' },
      { type: 'added', text: 'bot' },
      { type: 'same', text: '.' },
    ]);
  });

  it('matches domains by title and guidelines by content, and counts each kind of change', () => {
    const sut = comparePersonas(base, {
      role_description: 'You are a careful test agent.',
      domains: [
        { title: 'Drainage', description: 'Sump pits, drain tile and discharge lines.' },
        { title: 'Mould', description: 'Spotting and removing mould.' },
      ],
      response_guidelines: [
        { priority: 3, content: 'Keep answers short.' },
        { priority: 'low', content: 'Offer a follow-up question.' },
        { priority: 2, content: 'Give a price range.' },
      ],
    });
    expect(sut.domains.added).toEqual([{ title: 'Mould', description: 'Spotting and removing mould.' }]);
    expect(sut.domains.removed).toEqual([{ title: 'Vapour barriers', description: 'Crawlspace liners.' }]);
    expect(sut.domains.changed.map((change) => change.title)).toEqual(['Drainage']);
    const [drainage] = sut.domains.changed;
    const text = (kept: 'added' | 'removed') =>
      drainage.description
        .filter((part) => part.type === 'same' || part.type === kept)
        .map((part) => part.text)
        .join('');
    // The runs rebuild the new text exactly and the old one's words (diffWords shares whitespace between them).
    expect(text('added')).toBe('Sump pits, drain tile and discharge lines.');
    expect(text('removed').split(/\s+/).join(' ')).toBe('Sump pits and drain tile .');
    expect(drainage.description).toContainEqual({ type: 'added', text: 'and discharge lines' });
    expect(sut.guidelines.added.map((g) => g.content)).toEqual(['Offer a follow-up question.', 'Give a price range.']);
    expect(sut.guidelines.removed).toEqual([{ priority: 'high', content: 'Ask for the square footage.' }]);
    expect(sut.guidelines.changed).toEqual([{ content: 'Keep answers short.', from: 1, to: 3 }]);
    expect(sut.summary).toBe(
      '2 guidelines added, 1 guideline removed, 1 guideline priority changed, 1 domain added, 1 domain removed, 1 domain changed, role changed',
    );
  });
});
