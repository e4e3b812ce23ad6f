import { spans } from '../../attachments';
import type { PassageMeta } from '../retrieval/passage.store';
import type { KnowledgePlan, PlannedFile } from './knowledge-plan';

/** A file the agent names that the model does not get, and why, in words it can pass on. */
export interface UnreadFile {
  name: string;
  why: string;
}

const formatted = (n: number) => n.toLocaleString('en-US');

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'text/markdown': 'Markdown',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'text/plain': 'text',
};

/** "PDF, 300 pages", "CSV table, 5,000 rows". */
export function fileDescription(file: Pick<PlannedFile, 'mediaType' | 'pages' | 'tableRows'>): string {
  const kind = KINDS[file.mediaType] ?? 'document';
  if (file.tableRows) return `${kind} table, ${formatted(file.tableRows)} rows`;
  return file.pages ? `${kind}, ${formatted(file.pages)} ${file.pages === 1 ? 'page' : 'pages'}` : kind;
}

/** What was given of one file, in words: "whole", "pages 211-213 and 40", "rows 1-400 of 5,000", "nothing". */
export function givenOf(file: PlannedFile, given: PassageMeta[], plan: KnowledgePlan): string {
  if (given.length === file.passages.length) return 'whole';
  if (!given.length) return 'nothing matched this message';
  const cut = plan.cutTables.find((table) => table.file === file);
  if (cut) return `${cut.rows} of ${formatted(file.tableRows!)} only`;
  const pages = given.map((passage) => passage.page).filter((page): page is number => page !== null);
  if (pages.length === given.length) return `${new Set(pages).size === 1 ? 'page' : 'pages'} ${spans(pages)}`;
  return given.map((passage) => passage.label).join('; ');
}

/** The sentence about a table given in part, which the reply must pass on. */
export const cutTableNote = (name: string, rows: string, total: number) =>
  `${name} is a table of ${formatted(total)} rows and you were given ${rows} of it only. Any count, sum, average ` +
  `or other figure over that table covers only those rows: say so in your reply, naming the rows ` +
  `(for example "based on ${rows} of ${formatted(total)}"), and never present it as covering the whole table.`;

/** The same, as a reply's details tell the user. */
export const cutTableUserNote = (name: string, rows: string, total: number) =>
  `${name}: ${rows} of ${formatted(total)} read (the table did not fit whole)`;

/**
 * The knowledge as the model reads it, after the persona: what it is, every file the agent names with what of it
 * is given (or why it is not), the notes about tables given in part, then the passages under their labels, in order.
 */
export function knowledgeText(
  plan: KnowledgePlan,
  files: PlannedFile[],
  texts: Map<string, string>,
  unread: UnreadFile[],
): string {
  const chosen = new Set(plan.chosen.map((passage) => passage.id));
  const lines = [
    '# Knowledge files',
    'Reference material this assistant was given, read by the server from its files. Use it when it bears on the ' +
      'question, and say which file and page or section you draw on. ' +
      (plan.read === 'whole'
        ? 'All of it follows, whole and in order.'
        : 'It is too long to give whole: the passages below were chosen for this message and the recent ' +
          'conversation, in document order; say so if the question may need parts you were not given.'),
    '',
    'Files:',
    ...files.map((file) => {
      const given = file.passages.filter((passage) => chosen.has(passage.id));
      return `- ${file.name} (${fileDescription(file)}): ${givenOf(file, given, plan)}`;
    }),
    ...unread.map((file) => `- ${file.name}: ${file.why}; you have not read it, so say so if it may matter`),
  ];
  if (plan.cutTables.length)
    lines.push(
      '',
      ...plan.cutTables.map(({ file, rows }) => `IMPORTANT: ${cutTableNote(file.name, rows, file.tableRows!)}`),
    );
  const nameOf = new Map(files.map((file) => [file.id, file.name]));
  for (const passage of plan.chosen)
    lines.push('', `--- ${nameOf.get(passage.fileId)}, ${passage.label} ---`, texts.get(passage.id) ?? '');
  return lines.join('\n');
}
