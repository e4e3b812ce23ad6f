import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KnowledgeSources as Sut, sourceLabel } from './knowledge-sources';

const sources = [
  {
    file: 'knowledge/survey/survey.pdf',
    where: 'page 212',
    page: 212,
    score: 0.0328,
    text: 'Table 4: households surveyed by region.',
  },
  { file: 'knowledge/survey/notes.md', where: 'section “Method”', score: 0.02, text: 'We asked 400 households.' },
];

describe(Sut.name, () => {
  it('names each source by its file and where in it, under a Sources title', () => {
    render(<Sut sources={sources} />);

    const list = screen.getByRole('list', { name: 'Sources' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('summary')?.textContent),
    ).toEqual(['survey.pdf, page 212', 'notes.md, section “Method”']);
  });

  it('opens a source onto the passage the model was given', () => {
    render(<Sut sources={sources} />);
    const first = screen.getByText('survey.pdf, page 212');
    const details = first.closest('details');
    expect(details).not.toHaveAttribute('open');

    fireEvent.click(first);

    expect(details).toHaveAttribute('open');
    expect(within(details!).getByText('Table 4: households surveyed by region.')).toBeInTheDocument();
  });

  it('labels a source without a place by its file alone', () => {
    expect(sourceLabel({ file: 'knowledge/a/b/labs.pdf', where: '' })).toBe('labs.pdf');
  });
});
