import type { KnowledgeRead } from '@mb/contracts/types/wire/chat-message';
import type { PassageMeta } from '../retrieval/passage.store';
import { type KnowledgePlan, passageCost, type PlannedFile } from './knowledge-plan';
import { cutTableUserNote, type UnreadFile } from './knowledge-text';

/** Sources shown under a reply at most: the passages it draws on most. */
const MAX_SOURCES = 5;
/** A passage scoring less than this share of the best one is not shown as a source (it is still listed). */
const SOURCE_SHARE = 0.4;

const rounded = (score: number) => Math.round(score * 10_000) / 10_000;

/**
 * What a reply's provenance keeps of the knowledge it read: how (whole or passages), every passage with its score,
 * the most relevant ones as its sources, best first, with the text the model got, and what the user must know (a
 * table given in part, a file not read).
 */
export function knowledgeRead(
  plan: KnowledgePlan,
  files: PlannedFile[],
  texts: Map<string, string>,
  scores: Map<string, number>,
  unread: UnreadFile[],
  tokens: number,
): KnowledgeRead {
  const fileOf = new Map(files.map((file) => [file.id, file]));
  const score = (passage: PassageMeta) => scores.get(passage.id) ?? 0;
  const best = Math.max(0, ...plan.chosen.map(score));
  const sources = plan.chosen
    .filter((passage) => score(passage) > 0 && score(passage) >= best * SOURCE_SHARE)
    .sort((a, b) => score(b) - score(a))
    .slice(0, MAX_SOURCES);
  return {
    read: plan.read,
    tokens,
    passages: plan.chosen.map((passage) => ({
      file: fileOf.get(passage.fileId)!.name,
      where: passage.label,
      score: rounded(score(passage)),
      tokens: passageCost(fileOf.get(passage.fileId)!, passage),
    })),
    sources: sources.map((passage) => ({
      file: fileOf.get(passage.fileId)!.name,
      where: passage.label,
      ...(passage.page !== null && { page: passage.page }),
      score: rounded(score(passage)),
      text: texts.get(passage.id) ?? '',
    })),
    notes: [
      ...plan.cutTables.map(({ file, rows }) => cutTableUserNote(file.name, rows, file.tableRows!)),
      ...unread.map((file) => `${file.name}: ${file.why}`),
    ],
  };
}
