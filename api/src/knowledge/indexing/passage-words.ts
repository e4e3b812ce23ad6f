import { WORDS } from '../retrieval/question-terms';

/** Shorter words are no name or code a trigram search looks for (question terms are as long). */
const SHORTEST = 3;
/** Longer strings (a hash, a path) are no word anyone misspells, and an index key has a size limit. */
const LONGEST = 64;

/** A file's vocabulary: the distinct words of its passages, lowercased, that a misspelt term is matched against. */
export function passageWords(texts: Iterable<string>): string[] {
  const words = new Set<string>();
  for (const text of texts)
    for (const word of text.match(WORDS) ?? [])
      if (word.length >= SHORTEST && word.length <= LONGEST) words.add(word.toLowerCase());
  return [...words];
}

/** What runs SQL: a transaction's manager or a migration's query runner. */
interface Sql {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
}

/** Replaces the file's vocabulary with the words of these passage texts. */
export async function storeWords(db: Sql, fileId: string, texts: Iterable<string>): Promise<void> {
  await db.query(`DELETE FROM knowledge_words WHERE file_id = $1`, [fileId]);
  const words = passageWords(texts);
  if (words.length)
    await db.query(`INSERT INTO knowledge_words (file_id, word) SELECT $1, unnest($2::text[])`, [fileId, words]);
}
