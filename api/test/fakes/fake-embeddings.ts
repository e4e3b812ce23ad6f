/** Dimensions of the fake's vectors: few, so a test's vectors stay small, enough that unrelated words rarely meet. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

/** FNV-1a: a word's place in the vector, the same on every run. */
function hashOf(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * A deterministic stand-in for an embedding model: each word (lower-cased, a plural's s dropped) adds to one
 * dimension its hash picks, and the vector is of unit length. Texts sharing words are near, as with a real model,
 * so a test can say which passage a question lands on; nothing here understands meaning.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = raw.length > 3 ? raw.replace(/s$/, '') : raw;
    vector[hashOf(word) % FAKE_EMBEDDING_DIMENSIONS] += 1;
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

/** The /embeddings answer for a request body, as the service shapes it; undefined when the body is not one. */
export function embeddingsAnswer(body: unknown): object | undefined {
  const { input, model, encoding_format } = (body ?? {}) as {
    input?: unknown;
    model?: unknown;
    encoding_format?: unknown;
  };
  const texts = typeof input === 'string' ? [input] : Array.isArray(input) ? input : undefined;
  if (!texts?.every((text) => typeof text === 'string') || typeof model !== 'string') return undefined;
  return {
    object: 'list',
    model,
    data: texts.map((text: string, index) => {
      const vector = fakeEmbedding(text);
      // The SDK asks for base64 (float32, little-endian) unless told float, and decodes it itself.
      const embedding =
        encoding_format === 'base64' ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    }),
    usage: { prompt_tokens: texts.length, total_tokens: texts.length },
  };
}
