import type { PassageMeta } from '../retrieval/passage.store';

/** A knowledge file ready to be read, with its passages in order. */
export interface PlannedFile {
  id: string;
  /** Its name under AGENTS_DIR. */
  name: string;
  mediaType: string;
  pages: number | null;
  tableRows: number | null;
  /** Which reading of the file this is: caches of its passages and vectors hold for one. */
  version: string;
  passages: PassageMeta[];
}

/** What of the knowledge one model call reads. */
export interface KnowledgePlan {
  read: 'whole' | 'passages';
  /** In document order: the files in the agent's order, each file's passages in its own. */
  chosen: PassageMeta[];
  /** Tables of which only some rows are given: which rows, in words ("rows 1-400"). */
  cutTables: Array<{ file: PlannedFile; rows: string }>;
}

/** What the opening words and each file's line in the list of files cost, beside the passages. */
export const PREAMBLE_TOKENS = 160;
export const FILE_LINE_TOKENS = 40;

/** A passage's label line ("--- knowledge/care/labs.pdf, page 3 ---") costs about this beside its text. */
export const passageCost = (file: PlannedFile, passage: PassageMeta) =>
  passage.tokens + 8 + Math.ceil((file.name.length + passage.label.length) / 3);

export const fileCost = (file: PlannedFile) =>
  FILE_LINE_TOKENS + file.passages.reduce((sum, passage) => sum + passageCost(file, passage), 0);

/** What the whole knowledge costs the model: whether it fits its share is judged by it. */
export const wholeCost = (files: PlannedFile[]) =>
  files.length ? PREAMBLE_TOKENS + files.reduce((sum, file) => sum + fileCost(file), 0) : 0;

const formatted = (n: number) => n.toLocaleString('en-US');

/** "rows 1-400", "rows 812-850 and 1,201-1,240": the rows a table's chosen passages hold. */
export function rowSpans(passages: PassageMeta[]): string {
  const runs: Array<[number, number]> = [];
  for (const { firstRow, lastRow } of passages) {
    if (firstRow === null || lastRow === null) continue;
    const last = runs.at(-1);
    if (last && firstRow <= last[1] + 1) last[1] = Math.max(last[1], lastRow);
    else runs.push([firstRow, lastRow]);
  }
  const words = runs.map(([a, b]) => (a === b ? formatted(a) : `${formatted(a)}-${formatted(b)}`));
  const listed = words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return runs.length === 1 && runs[0][0] === runs[0][1] ? `row ${listed}` : `rows ${listed}`;
}

/**
 * Which passages the model reads within `budget` tokens. Everything, when it fits. Otherwise: for a question about a
 * table as a whole, the most relevant table first, whole when it fits, else its rows from the first on (a count
 * over them is one the reply can name); then the passages ranked most relevant, each with the passages before and
 * after it when they fit too; all put back in document order. A table given in part is listed in `cutTables`, so the
 * model and the user are told which rows it got.
 */
export function planKnowledge(
  files: PlannedFile[],
  budget: number,
  scores: Map<string, number>,
  wholeTable: boolean,
): KnowledgePlan {
  if (wholeCost(files) <= budget) return { read: 'whole', chosen: files.flatMap((f) => f.passages), cutTables: [] };
  let left = budget - PREAMBLE_TOKENS - files.length * FILE_LINE_TOKENS;
  const fileOf = new Map(files.flatMap((file) => file.passages.map((p) => [p.id, file] as const)));
  const chosen = new Set<string>();
  const take = (passage: PassageMeta) => {
    chosen.add(passage.id);
    left -= passageCost(fileOf.get(passage.id)!, passage);
  };
  const score = (passage: PassageMeta) => scores.get(passage.id) ?? 0;

  if (wholeTable) {
    const best = (file: PlannedFile) => Math.max(0, ...file.passages.map(score));
    const table = files
      .filter((file) => file.tableRows)
      .map((file, order) => ({ file, order }))
      .sort((a, b) => best(b.file) - best(a.file) || a.order - b.order)[0]?.file;
    for (const passage of table?.passages ?? []) {
      if (passageCost(table, passage) > left) break;
      take(passage);
    }
  }

  const ranked = files
    .flatMap((file) => file.passages)
    .filter((passage) => score(passage) > 0 && !chosen.has(passage.id))
    .sort((a, b) => score(b) - score(a));
  for (const hit of ranked) {
    if (chosen.has(hit.id)) continue;
    const file = fileOf.get(hit.id)!;
    const around = [file.passages[hit.ordinal - 1], file.passages[hit.ordinal + 1]].filter(
      (p): p is PassageMeta => p !== undefined && p.fileId === hit.fileId && !chosen.has(p.id),
    );
    const group = [hit, ...around];
    const cost = group.reduce((sum, passage) => sum + passageCost(file, passage), 0);
    if (cost <= left) group.forEach(take);
    else if (passageCost(file, hit) <= left) take(hit);
  }

  const inOrder = files.flatMap((file) => file.passages.filter((passage) => chosen.has(passage.id)));
  return { read: 'passages', chosen: inOrder, cutTables: cutTablesOf(files, inOrder) };
}

/** The tables of which some passages are given but not all, and which rows those hold. */
export function cutTablesOf(files: PlannedFile[], chosen: PassageMeta[]): KnowledgePlan['cutTables'] {
  const ids = new Set(chosen.map((passage) => passage.id));
  return files.flatMap((file) => {
    if (!file.tableRows) return [];
    const given = file.passages.filter((passage) => ids.has(passage.id));
    return given.length && given.length < file.passages.length ? [{ file, rows: rowSpans(given) }] : [];
  });
}
