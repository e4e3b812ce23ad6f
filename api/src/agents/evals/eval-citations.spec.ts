import type { EvalCitation } from '@mb/contracts/types/agent';
import { citationFailures, type CitedSource } from './eval-citations';

const LABS: CitedSource = { file: 'knowledge/care/labs.pdf', where: 'page 12', page: 12 };
const NOTES: CitedSource = { file: 'knowledge/care/notes.md', where: 'section “Plan”, lines 1-9' };
const failures = (cites: EvalCitation[], sources: CitedSource[] = [LABS, NOTES]) =>
  citationFailures(sources, { cites }, 'the agent has no knowledge');

describe(citationFailures.name, () => {
  it('matches a file by its whole path under AGENTS_DIR or by its ending at a folder boundary', () => {
    expect(failures(['knowledge/care/labs.pdf', 'labs.pdf', 'care/labs.pdf', './notes.md'])).toEqual([]);
    expect(failures(['abs.pdf'])).toEqual([
      'expected a source abs.pdf; the reply cited: knowledge/care/labs.pdf p. 12, knowledge/care/notes.md',
    ]);
  });

  it('needs the page of a citation that names one', () => {
    expect(failures([{ file: 'labs.pdf', page: 12 }, { file: 'notes.md' }])).toEqual([]);
    expect(failures([{ file: 'labs.pdf', page: 3 }, { file: 'notes.md', page: 1 }])).toEqual([
      'expected sources labs.pdf p. 3, notes.md p. 1; the reply cited: knowledge/care/labs.pdf p. 12, knowledge/care/notes.md',
    ]);
  });

  it('says why the reply cited nothing', () => {
    expect(failures(['labs.pdf'], [])).toEqual([
      'expected a source labs.pdf; the reply cited nothing (the agent has no knowledge)',
    ]);
  });
});
