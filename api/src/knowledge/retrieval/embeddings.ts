import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../config';
import { ModelClients } from '../../llm';

/** Texts sent per /embeddings request. */
const BATCH = 64;
/** What one text sent for a vector may hold: an embedding model reads about 8,000 tokens. */
const MAX_CHARS = 8_000;

const unit = (vector: number[]): number[] => {
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
};

/**
 * Vectors from the OpenAI-compatible /embeddings endpoint (OPENAI_EMBEDDING_MODEL), with the server's key: knowledge
 * is read when no user is there to bring one. Absent either, knowledge is ranked without vectors.
 */
@Injectable()
export class Embeddings {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clients: ModelClients,
  ) {}

  /** The model vectors come from, when they do. */
  get model(): string | undefined {
    return this.clients.hasServerKey ? this.config.openai.embeddingModel : undefined;
  }

  /** Each text's vector, of unit length, in order. */
  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const model = this.model;
    if (!model) throw new Error('No embedding model is configured');
    const client = this.clients.forRequest();
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const input = texts.slice(start, start + BATCH).map((text) => text.slice(0, MAX_CHARS));
      const answer = await client.embeddings.create({ model, input, encoding_format: 'float' }, { signal });
      const ordered = [...answer.data].sort((a, b) => a.index - b.index);
      if (ordered.length !== input.length) throw new Error(`/embeddings answered ${ordered.length} of ${input.length}`);
      vectors.push(...ordered.map((item) => unit(item.embedding)));
    }
    return vectors;
  }
}
