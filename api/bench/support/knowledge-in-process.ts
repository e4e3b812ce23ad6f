import { performance } from 'node:perf_hooks';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { DataSource } from 'typeorm';
import { AgentRegistry } from '../../src/agents';
import { readDocument } from '../../src/attachments';
import { SystemClock } from '../../src/common/clock';
import { loadAppConfig, type AppConfig } from '../../src/config';
import { AgentKnowledge } from '../../src/knowledge';
import { filePassages } from '../../src/knowledge/indexing/file-passages';
import { KnowledgeFileStore } from '../../src/knowledge/indexing/knowledge-file.store';
import { KnowledgeIndexer } from '../../src/knowledge/indexing/knowledge-indexer.service';
import { Embeddings } from '../../src/knowledge/retrieval/embeddings';
import { PassageRanking } from '../../src/knowledge/retrieval/passage-ranking';
import { PassageStore } from '../../src/knowledge/retrieval/passage.store';
import { ModelClients } from '../../src/llm';
import { BENCH_ACCESS_CODE } from './bench-kit';

/**
 * The app's knowledge services on a database of the bench, wired as KnowledgeModule wires them, without an embedding
 * model (as without OPENAI_EMBEDDING_MODEL): files are indexed by KnowledgeIndexer (read in a bounded process, stored
 * under the file's lock) and questions answered by AgentKnowledge.ground, what a turn calls.
 */
export class KnowledgeInProcess {
  readonly config: AppConfig;
  readonly files: KnowledgeFileStore;
  private readonly embeddings: Embeddings;
  private readonly passages: PassageStore;
  private readonly ranking: PassageRanking;

  constructor(
    private readonly db: DataSource,
    agentsDir: string,
    dataDir: string,
  ) {
    this.config = loadAppConfig({
      AGENTS_DIR: agentsDir,
      DATA_DIR: dataDir,
      ACCESS_CODE: BENCH_ACCESS_CODE,
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
    });
    this.files = new KnowledgeFileStore(db, new SystemClock());
    this.embeddings = new Embeddings(this.config, new ModelClients(this.config));
    this.passages = new PassageStore(db);
    this.ranking = new PassageRanking(this.passages, this.embeddings);
  }

  /** An indexer that has seen no file yet, as one of a process just started. */
  newIndexer(): KnowledgeIndexer {
    return new KnowledgeIndexer(new AgentRegistry(this.config), this.files, this.embeddings, this.config);
  }

  /** What a turn asks knowledge through, with this indexer (which has seen the files it indexed). */
  knowledge(indexer: KnowledgeIndexer): AgentKnowledge {
    return new AgentKnowledge(indexer, this.files, this.passages, this.ranking, this.config);
  }

  /** Ranking alone: the three queries (words, trigrams, the recent conversation's words) fused. */
  scores(...args: Parameters<PassageRanking['scores']>) {
    return this.ranking.scores(...args);
  }

  /** Forgets the agent's files as stored, so the next indexer reads them again. */
  async forget(names: string[]): Promise<void> {
    await this.db.query(`DELETE FROM knowledge_files WHERE path = ANY($1::text[])`, [names]);
  }

  /** Indexes the agent's files from nothing stored, as at a first start; answers ms, passages and tokens stored. */
  async index(
    indexer: KnowledgeIndexer,
    agent: AgentDefinition,
  ): Promise<{ ms: number; passages: number; tokens: number }> {
    const { files } = indexer.resolve(agent);
    const names = files.map((file) => file.name);
    await this.forget(names);
    const start = performance.now();
    await indexer.refresh(files);
    if (!(await indexer.settled(names, 10 * 60_000))) throw new Error(`${agent.id}: its files were not read in time`);
    const ms = performance.now() - start;
    const rows = [...(await this.files.files(names)).values()];
    const failed = rows.find((row) => row.status !== 'ready');
    if (rows.length !== names.length || failed)
      throw new Error(`${agent.id}: ${failed?.path ?? 'a file'} was not read: ${failed?.reason ?? 'no row'}`);
    return {
      ms,
      passages: rows.reduce((sum, row) => sum + row.passages, 0),
      tokens: rows.reduce((sum, row) => sum + row.tokens, 0),
    };
  }

  /** Reading the file into passages alone, as the indexer does, without storing them. */
  async readOnly(path: string, name: string): Promise<number> {
    const start = performance.now();
    filePassages(await readDocument({ path, name }));
    return performance.now() - start;
  }
}
