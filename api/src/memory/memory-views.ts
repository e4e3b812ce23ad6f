import type { MemoryFactView } from '@mb/contracts/types/wire/agent-memory';
import type { MemoryExport } from '@mb/contracts/types/wire/memory-export';
import type { MemoryFact, ListedFact } from './memory.store';

const shortIdOf = (id: string) => id.slice(0, 8);

/** A fact as the page shows it: where it came from names a chat only when the viewer may open it. */
export function toFactView(fact: ListedFact | MemoryFact): MemoryFactView {
  const title = 'sourceTitle' in fact ? fact.sourceTitle : null;
  const source: MemoryFactView['source'] =
    fact.origin === 'import'
      ? { kind: 'import' }
      : fact.sourceSessionId === null
        ? { kind: 'deleted-chat' }
        : title !== null
          ? { kind: 'chat', sessionId: fact.sourceSessionId, title }
          : { kind: 'hidden-chat' };
  return {
    id: fact.id,
    shortId: shortIdOf(fact.id),
    text: fact.text,
    createdAt: fact.createdAt.toISOString(),
    updatedAt: fact.updatedAt.toISOString(),
    source,
  };
}

/** The facts as a file the import takes back: their texts and times, nothing of the chats they came from. */
export const memoryExport = (agentId: string, facts: MemoryFact[], exportedAt: Date): MemoryExport => ({
  format: 'mb-agent-memory',
  version: 1,
  agent: agentId,
  exportedAt: exportedAt.toISOString(),
  facts: facts.map((fact) => ({
    text: fact.text,
    createdAt: fact.createdAt.toISOString(),
    updatedAt: fact.updatedAt.toISOString(),
  })),
});

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What an import did, in one sentence: nothing it left out goes unsaid. */
export function importSentence(counts: { imported: number; duplicates: number; refused: number }, max: number): string {
  const parts = [`Imported ${plural(counts.imported, 'fact')}.`];
  if (counts.duplicates) parts.push(`${plural(counts.duplicates, 'fact was', 'facts were')} already remembered.`);
  if (counts.refused)
    parts.push(
      `${plural(counts.refused, 'fact was', 'facts were')} not imported: memory holds at most ${plural(max, 'fact')}, ` +
        'or the fact is longer than this assistant keeps. Delete facts first to make room.',
    );
  return parts.join(' ');
}
