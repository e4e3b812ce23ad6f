import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { wellFormed } from '../../common/safe-json';
import type { FileReading } from './file-passages';
import { storeWords } from './passage-words';

export type KnowledgeFileStatus = 'indexing' | 'ready' | 'failed';

/** What is stored of a knowledge file: the bytes last read (by hash), how that went, and what they held. */
export interface KnowledgeFileRow {
  id: string;
  /** Its name under AGENTS_DIR. */
  path: string;
  contentHash: string | null;
  status: KnowledgeFileStatus;
  reason: string | null;
  mediaType: string | null;
  pages: number | null;
  tableRows: number | null;
  passages: number;
  tokens: number;
  embeddingModel: string | null;
  indexedAt: Date | null;
}

interface FileRecord {
  id: string;
  path: string;
  content_hash: string | null;
  status: KnowledgeFileStatus;
  reason: string | null;
  media_type: string | null;
  pages: number | null;
  table_rows: number | null;
  passages: number;
  tokens: number;
  embedding_model: string | null;
  indexed_at: Date | null;
}

const toRow = (r: FileRecord): KnowledgeFileRow => ({
  id: String(r.id),
  path: r.path,
  contentHash: r.content_hash,
  status: r.status,
  reason: r.reason,
  mediaType: r.media_type,
  pages: r.pages,
  tableRows: r.table_rows,
  passages: r.passages,
  tokens: r.tokens,
  embeddingModel: r.embedding_model,
  indexedAt: r.indexed_at,
});

/** Passages inserted per statement: a 300-page PDF's in a few round trips, far from the parameter limit. */
const INSERT_BATCH = 200;

/** The SQL of knowledge files: their states, the lock that lets one process read a file, and what a reading keeps. */
@Injectable()
export class KnowledgeFileStore {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async files(paths: string[]): Promise<Map<string, KnowledgeFileRow>> {
    if (!paths.length) return new Map();
    const rows = await this.db.query<FileRecord[]>(`SELECT * FROM knowledge_files WHERE path = ANY($1::text[])`, [
      paths,
    ]);
    return new Map(rows.map((row) => [row.path, toRow(row)]));
  }

  /**
   * Runs `work` holding a lock on the file's path that every process of this database takes before reading it, so
   * replicas that see one change read it once: the second finds the hash the first stored.
   */
  async underLock<T>(path: string, work: () => Promise<T>): Promise<T> {
    const runner = this.db.createQueryRunner();
    const key = [`knowledge:${path}`];
    try {
      // current_schema() keeps apart databases that share a server's locks (each test app has its own schema).
      await runner.query(`SELECT pg_advisory_lock(hashtextextended(current_schema() || $1, 0))`, key);
      try {
        return await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended(current_schema() || $1, 0))`, key);
      }
    } finally {
      await runner.release();
    }
  }

  /** Other processes and the agent's page see the file being read. */
  async markIndexing(path: string): Promise<void> {
    await this.db.query(
      `INSERT INTO knowledge_files (path, status, updated_at) VALUES ($1, 'indexing', $2)
       ON CONFLICT (path) DO UPDATE SET status = 'indexing', reason = NULL, updated_at = $2`,
      [path, this.clock.now()],
    );
  }

  /** The file's new passages and their words replace the old in one transaction: a turn reads one reading or the other. */
  async saveReading(
    path: string,
    hash: string,
    reading: FileReading,
    embeddings?: { model: string; vectors: number[][] },
  ): Promise<void> {
    const now = this.clock.now();
    const tokens = reading.passages.reduce((sum, passage) => sum + passage.tokens, 0);
    await this.db.transaction(async (tx) => {
      const [file] = await tx.query<Array<{ id: string }>>(
        `INSERT INTO knowledge_files
           (path, content_hash, status, media_type, pages, table_rows, passages, tokens, embedding_model, indexed_at, updated_at)
         VALUES ($1, $2, 'ready', $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (path) DO UPDATE SET content_hash = $2, status = 'ready', reason = NULL, media_type = $3, pages = $4,
           table_rows = $5, passages = $6, tokens = $7, embedding_model = $8, indexed_at = $9, updated_at = $9
         RETURNING id`,
        [
          path,
          hash,
          reading.mediaType,
          reading.pages ?? null,
          reading.tableRows ?? null,
          reading.passages.length,
          tokens,
          embeddings?.model ?? null,
          now,
        ],
      );
      await tx.query(`DELETE FROM knowledge_passages WHERE file_id = $1`, [file.id]);
      for (let start = 0; start < reading.passages.length; start += INSERT_BATCH)
        await insertPassages(tx, file.id, reading, embeddings?.vectors, start);
      await storeWords(
        tx,
        file.id,
        reading.passages.map((passage) => passage.text),
      );
    });
  }

  /** A file that cannot be read keeps the hash of the bytes that failed, so they are not read again, and why. */
  async saveFailure(path: string, hash: string, reason: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [file] = await tx.query<Array<{ id: string }>>(
        `INSERT INTO knowledge_files (path, content_hash, status, reason, updated_at) VALUES ($1, $2, 'failed', $3, $4)
         ON CONFLICT (path) DO UPDATE SET content_hash = $2, status = 'failed', reason = $3, media_type = NULL,
           pages = NULL, table_rows = NULL, passages = 0, tokens = 0, embedding_model = NULL, updated_at = $4
         RETURNING id`,
        [path, hash, reason, now],
      );
      await tx.query(`DELETE FROM knowledge_passages WHERE file_id = $1`, [file.id]);
      await storeWords(tx, file.id, []);
    });
  }

  /** Files no agent names any more go, with their passages. */
  async removeAllBut(paths: string[]): Promise<void> {
    await this.db.query(`DELETE FROM knowledge_files WHERE NOT (path = ANY($1::text[]))`, [paths]);
  }
}

async function insertPassages(
  tx: EntityManager,
  fileId: string,
  reading: FileReading,
  vectors: number[][] | undefined,
  start: number,
): Promise<void> {
  const batch = reading.passages.slice(start, start + INSERT_BATCH);
  await tx.query(
    `INSERT INTO knowledge_passages (file_id, ordinal, label, page, first_row, last_row, text, tokens, embedding)
     SELECT $1, p.ordinal, p.label, p.page, p.first_row, p.last_row, p.text, p.tokens,
            CASE WHEN p.embedding IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(p.embedding)::real) END
     FROM jsonb_to_recordset($2::jsonb) AS p(ordinal int, label text, page int, first_row int, last_row int, text text,
                                             tokens int, embedding jsonb)`,
    [
      fileId,
      JSON.stringify(
        batch.map((passage, i) => ({
          ordinal: passage.ordinal,
          label: wellFormed(passage.label),
          page: passage.page ?? null,
          first_row: passage.firstRow ?? null,
          last_row: passage.lastRow ?? null,
          text: wellFormed(passage.text.replace(/\0/g, ' ')),
          tokens: passage.tokens,
          embedding: vectors?.[start + i] ?? null,
        })),
      ),
    ],
  );
}
