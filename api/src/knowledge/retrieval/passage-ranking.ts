import { Injectable, Logger } from '@nestjs/common';
import type { PlannedFile } from '../reading/knowledge-plan';
import { Embeddings } from './embeddings';
import { PassageStore } from './passage.store';
import { contentWords, trigramTerms } from './question-terms';
import { fuseRankings, rankByVector, type WeightedRanking } from './rank-fusion';

/** The recent conversation counts for less than the question in choosing passages. */
const RECENT_WEIGHT = 0.5;

/**
 * How relevant each passage is to a question and the conversation before it: full text (English and German forms),
 * trigrams for names and codes, and vectors when an embedding model is configured, fused by reciprocal rank.
 */
@Injectable()
export class PassageRanking {
  private readonly logger = new Logger('Knowledge');
  /** Passages' vectors by file, for the reading they came from. */
  private readonly vectors = new Map<string, { version: string; vectors: Map<string, Float32Array> }>();

  constructor(
    private readonly store: PassageStore,
    private readonly embeddings: Embeddings,
  ) {}

  async scores(
    files: PlannedFile[],
    ask: { question: string; recent: string },
    signal?: AbortSignal,
  ): Promise<Map<string, number>> {
    const ids = files.map((file) => file.id);
    if (!ids.length) return new Map();
    const [words, trigrams, recent, vectors] = await Promise.all([
      this.store.byWords(ids, contentWords(ask.question)),
      this.store.byTrigrams(ids, trigramTerms(ask.question)),
      this.store.byWords(ids, contentWords(ask.recent)),
      this.byVector(files, ask.question, signal),
    ]);
    const rankings: WeightedRanking[] = [
      { ranking: words, weight: 1 },
      { ranking: trigrams, weight: 1 },
      { ranking: vectors, weight: 1 },
      { ranking: recent, weight: RECENT_WEIGHT },
    ];
    return fuseRankings(rankings);
  }

  /** Nothing without an embedding model, or when the question's vector cannot be had (said in the log). */
  private async byVector(files: PlannedFile[], question: string, signal?: AbortSignal): Promise<string[]> {
    if (!this.embeddings.model || !question.trim()) return [];
    const all = new Map<string, Float32Array>();
    for (const file of files) for (const [id, vector] of await this.vectorsOf(file)) all.set(id, vector);
    if (!all.size) return [];
    try {
      const [query] = await this.embeddings.embed([question], signal);
      return rankByVector(Float32Array.from(query), all);
    } catch (error) {
      if (signal?.aborted) throw error;
      this.logger.warn(`No vector for the question (${(error as Error).message}): ranked without vectors`);
      return [];
    }
  }

  private async vectorsOf(file: PlannedFile): Promise<Map<string, Float32Array>> {
    const cached = this.vectors.get(file.id);
    if (cached?.version === file.version) return cached.vectors;
    const vectors = await this.store.vectors([file.id]);
    this.vectors.set(file.id, { version: file.version, vectors });
    return vectors;
  }
}
