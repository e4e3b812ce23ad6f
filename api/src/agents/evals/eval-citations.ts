import type { AgentEvalExpectation, EvalCitation } from '@mb/contracts/types/agent';
import type { KnowledgeSource } from '@mb/contracts/types/wire/chat-message';

/** A knowledge source as an eval result keeps it: the file under AGENTS_DIR, where in it, and its page for a PDF. */
export type CitedSource = Pick<KnowledgeSource, 'file' | 'where' | 'page'>;

/** Whether the case is answered with the agent's knowledge: only a case that checks citations is. */
export const checksCitations = (expect: AgentEvalExpectation): boolean => expect.cites !== undefined;

const fileOf = (citation: EvalCitation) => (typeof citation === 'string' ? citation : citation.file);
const pageOf = (citation: EvalCitation) => (typeof citation === 'string' ? undefined : citation.page);

/** "labs.pdf" names knowledge/care/labs.pdf (an ending at a folder boundary); "knowledge/care/labs.pdf" names it whole. */
const namesFile = (wanted: string, file: string) => file === wanted || file.endsWith(`/${wanted.replace(/^\.?\/+/, '')}`);

const cites = (citation: EvalCitation) => (source: CitedSource) =>
  namesFile(fileOf(citation), source.file) && (pageOf(citation) === undefined || source.page === pageOf(citation));

const described = (file: string, page: number | undefined) => (page === undefined ? file : `${file} p. ${page}`);

/**
 * The citation check against the sources the reply showed: one line naming every source expected and not shown, and
 * what the reply did cite, or why it cited nothing (`whyNone`); none when all were.
 */
export function citationFailures(sources: CitedSource[], expect: AgentEvalExpectation, whyNone: string): string[] {
  const missing = (expect.cites ?? []).filter((citation) => !sources.some(cites(citation)));
  if (!missing.length) return [];
  const expected = missing.map((citation) => described(fileOf(citation), pageOf(citation))).join(', ');
  const cited = sources.length
    ? `the reply cited: ${sources.map((source) => described(source.file, source.page)).join(', ')}`
    : `the reply cited nothing (${whyNone})`;
  return [`expected ${missing.length === 1 ? 'a source' : 'sources'} ${expected}; ${cited}`];
}
