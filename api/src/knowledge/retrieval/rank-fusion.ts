import type { Ranking } from './passage.store';

/** Reciprocal rank fusion's constant: a passage's place in each ranking counts, a place far down little. */
const K = 60;

/** One ranking and how much it counts: the question's rankings 1, the recent conversation's less. */
export interface WeightedRanking {
  ranking: Ranking;
  weight: number;
}

/**
 * Rankings by different means (words, trigrams, vectors) fused by reciprocal rank fusion: each passage scores the sum
 * of weight / (60 + its place) over the rankings it is in. Scores are comparable within one question only.
 */
export function fuseRankings(rankings: WeightedRanking[]): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { ranking, weight } of rankings)
    ranking.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + weight / (K + index + 1)));
  return scores;
}

/** Passages ranked by the cosine of their vectors to the question's (both of unit length): the nearest first. */
export function rankByVector(query: Float32Array, vectors: Map<string, Float32Array>, limit = 200): Ranking {
  const scored: Array<[string, number]> = [];
  for (const [id, vector] of vectors) {
    if (vector.length !== query.length) continue;
    let dot = 0;
    for (let i = 0; i < vector.length; i++) dot += vector[i] * query[i];
    scored.push([id, dot]);
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([id]) => id);
}
