import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A passage without its text: what choosing passages needs. */
export interface PassageMeta {
  id: string;
  fileId: string;
  ordinal: number;
  label: string;
  page: number | null;
  firstRow: number | null;
  lastRow: number | null;
  tokens: number;
}

interface MetaRecord {
  id: string;
  file_id: string;
  ordinal: number;
  label: string;
  page: number | null;
  first_row: number | null;
  last_row: number | null;
  tokens: number;
}

/** Passage ids, best first. */
export type Ranking = string[];

/** Candidates one ranking reads at most; fusion looks no further. */
const RANKED = 200;

/** Vocabulary words a trigram term stands for at most: its spelling as asked, and a few near misses. */
const NEAR_WORDS = 5;

/** Either config's query words, joined by OR: a passage needs one of them, and more of them rank it higher. */
const ANY_WORD_QUERY = `NULLIF(concat_ws(' | ',
    NULLIF(replace(plainto_tsquery('english', $2)::text, '&', '|'), ''),
    NULLIF(replace(plainto_tsquery('german', $2)::text, '&', '|'), '')), '')::tsquery`;

/** A digit or a joiner: a code ("AX-4432", "LDL-C") that full text splits or stems out of recognition. */
const CODE_LIKE = /[\d._/-]/;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The SQL that reads knowledge passages: their order, their texts, and the rankings by words, trigrams and vectors. */
@Injectable()
export class PassageStore {
  private readonly logger = new Logger('Knowledge');
  private trigram?: Promise<string | null>;

  constructor(private readonly db: DataSource) {}

  /** Every passage of these files, each file's in order. */
  async metas(fileIds: string[]): Promise<PassageMeta[]> {
    if (!fileIds.length) return [];
    const rows = await this.db.query<MetaRecord[]>(
      `SELECT id, file_id, ordinal, label, page, first_row, last_row, tokens FROM knowledge_passages
       WHERE file_id = ANY($1::bigint[]) ORDER BY file_id, ordinal`,
      [fileIds],
    );
    return rows.map((r) => ({
      id: String(r.id),
      fileId: String(r.file_id),
      ordinal: r.ordinal,
      label: r.label,
      page: r.page,
      firstRow: r.first_row,
      lastRow: r.last_row,
      tokens: r.tokens,
    }));
  }

  async texts(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.query<Array<{ id: string; text: string }>>(
      `SELECT id, text FROM knowledge_passages WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return new Map(rows.map((row) => [String(row.id), row.text]));
  }

  /** Passages sharing words with the text (English or German forms), most and rarest shared first. */
  async byWords(fileIds: string[], text: string): Promise<Ranking> {
    if (!fileIds.length || !text.trim()) return [];
    const rows = await this.db.query<Array<{ id: string }>>(
      `WITH q AS (SELECT ${ANY_WORD_QUERY} AS query)
       SELECT p.id FROM knowledge_passages p, q
       WHERE q.query IS NOT NULL AND p.file_id = ANY($1::bigint[]) AND p.search @@ q.query
       ORDER BY ts_rank_cd(p.search, q.query, 1) DESC, p.id LIMIT ${RANKED}`,
      [fileIds, text],
    );
    return rows.map((row) => String(row.id));
  }

  /**
   * Passages holding something close to one of the terms, by trigrams ("LDL-C", "Hashimoto" misspelt): names and
   * codes that stemming breaks. A plain word the passages hold as it is asked is left to the full text, which finds
   * it at a fraction of the cost. Nothing when the server has no pg_trgm.
   */
  async byTrigrams(fileIds: string[], terms: string[]): Promise<Ranking> {
    const schema = await this.trigramSchema();
    if (!schema || !fileIds.length || !terms.length) return [];
    const fuzzy = await this.notHeldAsWords(fileIds, terms);
    const perTerm = await Promise.all(fuzzy.map((term) => this.nearWordPassages(quoted(schema), fileIds, term)));
    const scores = new Map<string, number>();
    for (const row of perTerm.flat()) scores.set(String(row.id), (scores.get(String(row.id)) ?? 0) + Number(row.score));
    return [...scores]
      .sort(([a, x], [b, y]) => y - x || (BigInt(a) < BigInt(b) ? -1 : 1))
      .slice(0, RANKED)
      .map(([id]) => id);
  }

  /**
   * The passages holding the files' words closest to the term, each scored by its closest word's similarity. The
   * words come from the files' vocabulary, a few thousand short strings, where comparing the term with every
   * passage's text cost a tenth of a millisecond a passage. A passage is found by the word as a substring, through
   * the trigram index: the full-text parser splits a code ("AX-4432", "x.org/ax-4432") in ways a word alone may not.
   */
  private nearWordPassages(s: string, fileIds: string[], term: string): Promise<Array<{ id: string; score: number }>> {
    return this.db.query<Array<{ id: string; score: number }>>(
      `WITH near AS (
         SELECT word, ${s}.word_similarity($2, word) AS score FROM knowledge_words
         WHERE file_id = ANY($1::bigint[]) AND $2 OPERATOR(${s}.<%) word
         GROUP BY word ORDER BY score DESC, ${s}.similarity($2, word) DESC, word LIMIT ${NEAR_WORDS}
       )
       SELECT hit.id, max(near.score) AS score FROM near CROSS JOIN LATERAL (
         SELECT p.id FROM knowledge_passages p
         WHERE p.file_id = ANY($1::bigint[]) AND p.text ILIKE '%' || replace(replace(replace(near.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
         LIMIT ${RANKED}
       ) hit
       GROUP BY hit.id ORDER BY score DESC, hit.id LIMIT ${RANKED}`,
      [fileIds, term],
    );
  }

  /** The terms worth a trigram search: codes always (stemmers break them), plain words no passage holds as asked. */
  private async notHeldAsWords(fileIds: string[], terms: string[]): Promise<string[]> {
    const plain = terms.filter((term) => !CODE_LIKE.test(term));
    if (!plain.length) return terms;
    const held = await this.db.query<Array<{ term: string }>>(
      `SELECT t.term FROM unnest($2::text[]) AS t(term) WHERE EXISTS (
         SELECT 1 FROM knowledge_passages p WHERE p.file_id = ANY($1::bigint[])
         AND p.search @@ (plainto_tsquery('english', t.term) || plainto_tsquery('german', t.term)))`,
      [fileIds, plain],
    );
    const found = new Set(held.map((row) => row.term));
    return terms.filter((term) => !found.has(term));
  }

  /** The passages' vectors, for files read with an embedding model. */
  async vectors(fileIds: string[]): Promise<Map<string, Float32Array>> {
    if (!fileIds.length) return new Map();
    const rows = await this.db.query<Array<{ id: string; embedding: number[] }>>(
      `SELECT id, embedding FROM knowledge_passages WHERE file_id = ANY($1::bigint[]) AND embedding IS NOT NULL`,
      [fileIds],
    );
    return new Map(rows.map((row) => [String(row.id), Float32Array.from(row.embedding)]));
  }

  /** Where pg_trgm is, asked once: null when the server has it not (the migration said so and made no index). */
  trigramSchema(): Promise<string | null> {
    this.trigram ??= this.db
      .query<Array<{ schema: string }>>(
        `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
         WHERE e.extname = 'pg_trgm'`,
      )
      .then((rows) => {
        if (!rows.length) this.logger.warn('pg_trgm is not installed: knowledge is ranked by full text alone');
        return rows[0]?.schema ?? null;
      });
    return this.trigram;
  }
}
