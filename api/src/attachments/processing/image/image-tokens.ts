const TILE = 512;
const TOKENS_PER_TILE = 170;
const BASE_TOKENS = 85;

/**
 * What an image costs in input tokens on OpenAI's vision models. High detail: the image is scaled to fit
 * 2048 × 2048, then so its short side is at most 768, and each 512-pixel tile counts; low detail is flat.
 */
export function imageTokens(width: number, height: number, detail: 'high' | 'low' = 'high'): number {
  if (detail === 'low') return BASE_TOKENS;
  const fit = Math.min(1, 2048 / Math.max(width, height));
  const shortSide = Math.min(width, height) * fit;
  const scale = fit * Math.min(1, 768 / shortSide);
  const tiles = Math.ceil(Math.round(width * scale) / TILE) * Math.ceil(Math.round(height * scale) / TILE);
  return tiles * TOKENS_PER_TILE + BASE_TOKENS;
}
