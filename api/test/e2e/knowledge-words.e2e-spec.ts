import type { DataSource } from 'typeorm';
import { openDataSource } from '../../src/database/open-data-source';
import { migrations } from '../../src/database/migrations';
import { KnowledgeWords1765200000000 } from '../../src/database/migrations/1765200000000-knowledge-words';
import { SystemClock } from '../../src/common/clock';
import { KnowledgeFileStore } from '../../src/knowledge/indexing/knowledge-file.store';
import { PassageStore } from '../../src/knowledge/retrieval/passage.store';
import { trigramTerms } from '../../src/knowledge/retrieval/question-terms';
import { createIsolatedDatabase, type IsolatedDatabase } from '../support/test-database';

const BEFORE_WORDS = migrations.indexOf(KnowledgeWords1765200000000);

const PASSAGES = [
  'The pump of unit AX-4432 was replaced in May; see https://x.org/ax-4432 for its manual.',
  'Ask Ingrid Haugland, the caretaker, for the key to the boiler room.',
  'LDL-C was 3.1 mmol/L at the last check; the Ärzte want it lower.',
  'Nothing here but the garden shed and its 12 flower pots.',
];

describe('Knowledge words: the vocabulary that trigram terms are matched against', () => {
  let database: IsolatedDatabase;
  let db: DataSource;
  let fileId: string;
  let passageIds: string[];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const older = await openDataSource({ url: database.url }, [], migrations.slice(0, BEFORE_WORDS));
    [{ id: fileId }] = await older.query<Array<{ id: string }>>(
      `INSERT INTO knowledge_files (path, status, updated_at) VALUES ('knowledge/a/house.md', 'ready', now()) RETURNING id`,
    );
    passageIds = (
      await older.query<Array<{ id: string }>>(
        `INSERT INTO knowledge_passages (file_id, ordinal, label, text, tokens)
         SELECT $1, ordinality, 'house.md', text, 20 FROM unnest($2::text[]) WITH ORDINALITY AS t(text, ordinality)
         RETURNING id`,
        [fileId, PASSAGES],
      )
    ).map((row) => String(row.id));
    await older.destroy();
    db = await openDataSource({ url: database.url }, []);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const found = (question: string) => new PassageStore(db).byTrigrams([fileId], trigramTerms(question));

  it('the migration gives files read before it their passages’ words, lowercased, three characters or more', async () => {
    const words = (
      await db.query<Array<{ word: string }>>(`SELECT word FROM knowledge_words WHERE file_id = $1 ORDER BY word`, [
        fileId,
      ])
    ).map((row) => row.word);
    expect(words).toEqual(expect.arrayContaining(['ax-4432', 'haugland', 'ldl-c', 'ärzte', 'x.org/ax-4432', 'pump']));
    expect(words).not.toContain('12');
    expect(words).not.toContain('AX-4432');
  });

  it('finds a code asked as written or with a space, through the words', async () => {
    expect((await found('What happened to AX-4432?'))[0]).toBe(passageIds[0]);
    expect((await found('what about ax 4432'))[0]).toBe(passageIds[0]);
    expect((await found('Is my ldl-c too high?'))[0]).toBe(passageIds[2]);
  });

  it('finds a misspelt name by the closest words, and nothing for a word close to none', async () => {
    expect(await found('Where is Mrs Hauglaand?')).toEqual([passageIds[1]]);
    expect(await found('zebrafish quartzite')).toEqual([]);
  });

  it('a file read again has its new words only, a file that fails none, and a file gone takes its words along', async () => {
    const files = new KnowledgeFileStore(db, new SystemClock());
    const wordsOf = async () =>
      (await db.query<Array<{ word: string }>>(`SELECT word FROM knowledge_words WHERE file_id = $1`, [fileId])).map(
        (row) => row.word,
      );
    const passage = { ordinal: 1, label: 'section “Boiler”', text: 'The Boiler of unit BX-17 hums.', tokens: 8 };
    await files.saveReading('knowledge/a/house.md', 'hash-2', { mediaType: 'text/markdown', passages: [passage] });
    expect((await wordsOf()).sort()).toEqual(['boiler', 'bx-17', 'hums', 'the', 'unit']);
    expect(await found('What does BX-17 do?')).toHaveLength(1);
    expect(await found('Where is Mrs Hauglaand?')).toEqual([]);

    await files.saveFailure('knowledge/a/house.md', 'hash-3', 'not Markdown');
    expect(await wordsOf()).toEqual([]);

    await files.saveReading('knowledge/a/house.md', 'hash-4', { mediaType: 'text/markdown', passages: [passage] });
    await files.removeAllBut([]);
    expect(await wordsOf()).toEqual([]);
  });
});
