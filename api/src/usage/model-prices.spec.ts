import { costOf, MODEL_PRICES, priceOf } from './model-prices';

describe(priceOf.name, () => {
  it.each(Object.keys(MODEL_PRICES))('knows %s by its exact name', (model) => {
    expect(priceOf(model)).toBe(MODEL_PRICES[model]);
  });

  it.each([
    ['gpt-4o-2024-08-06', 'gpt-4o'],
    ['gpt-4o-mini-2024-07-18', 'gpt-4o-mini'],
    ['gpt-4.1-nano-2025-04-14', 'gpt-4.1-nano'],
    ['o3-2025-04-16', 'o3'],
    ['gpt-3.5-turbo-0125', 'gpt-3.5-turbo'],
    ['GPT-4o', 'gpt-4o'],
  ])('prices the dated or differently cased %s as %s', (model, base) => {
    expect(priceOf(model)).toBe(MODEL_PRICES[base]);
  });

  it.each(['llama3', 'gpt-4o-audio-preview', 'gpt-4o-2024', 'gpt-4', 'toString', '', null, undefined])(
    'has no price for %p',
    (model) => {
      expect(priceOf(model)).toBeNull();
    },
  );
});

describe(costOf.name, () => {
  it('charges input and output tokens at their own rate per million', () => {
    expect(costOf({ inputPerMillion: 2.5, outputPerMillion: 10 }, 1_000_000, 100_000)).toBeCloseTo(3.5, 10);
    expect(costOf(MODEL_PRICES['gpt-4o-mini'], 2000, 500)).toBeCloseTo(0.0006, 10);
  });
});
