/** List prices in US dollars per million tokens, as the provider publishes them. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** The one place prices live. A model missing here has no estimated cost. */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  o3: { inputPerMillion: 2, outputPerMillion: 8 },
  'o4-mini': { inputPerMillion: 1.1, outputPerMillion: 4.4 },
  'gpt-3.5-turbo': { inputPerMillion: 0.5, outputPerMillion: 1.5 },
};

// A dated snapshot: "-2024-08-06", or OpenAI's older month and day "-0125".
const DATED_SUFFIX = /-(\d{4}-\d{2}-\d{2}|(0[1-9]|1[0-2])\d{2})$/;

/**
 * The price of a model by its exact name, or of the model a dated snapshot belongs to
 * (gpt-4o-2024-08-06 is gpt-4o; gpt-4o-mini-2024-07-18 is gpt-4o-mini, never gpt-4o).
 */
export function priceOf(model: string | null | undefined, prices = MODEL_PRICES): ModelPrice | null {
  if (!model) return null;
  const name = model.trim().toLowerCase();
  if (Object.hasOwn(prices, name)) return prices[name];
  const base = name.replace(DATED_SUFFIX, '');
  return base !== name && Object.hasOwn(prices, base) ? prices[base] : null;
}

/** US dollars for the tokens at a model's price. */
export const costOf = (price: ModelPrice, promptTokens: number, completionTokens: number): number =>
  (promptTokens * price.inputPerMillion + completionTokens * price.outputPerMillion) / 1_000_000;
