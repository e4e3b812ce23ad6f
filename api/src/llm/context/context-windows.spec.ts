import type { AppConfig } from '../../config';
import { ContextWindows, FOREIGN_TOKENIZER_MARGIN, UNKNOWN_MODEL_WINDOW } from './context-windows';

const windows = (contextWindow?: number) => new ContextWindows({ openai: { contextWindow } } as AppConfig);

describe('ContextWindows', () => {
  it("takes the agent file's window, else OPENAI_CONTEXT_WINDOW, else the table, else a cautious default", () => {
    expect(windows(16_000).windowOf('gpt-4o', 32_000)).toBe(32_000);
    expect(windows(16_000).windowOf('gpt-4o')).toBe(16_000);
    expect(windows().windowOf('gpt-4o-2024-08-06')).toBe(128_000);
    expect(windows().windowOf('gpt-4')).toBe(8_192);
    expect(windows().windowOf('llama3.1:8b')).toBe(Math.floor(UNKNOWN_MODEL_WINDOW * (1 - FOREIGN_TOKENIZER_MARGIN)));
  });

  it('keeps a margin for a model whose tokenizer may count more than ours, wherever its window comes from', () => {
    expect(windows(10_000).windowOf('llama3.1:8b')).toBe(8_500);
    expect(windows().windowOf('mistral-small', 20_000)).toBe(17_000);
    expect(windows(10_000).windowOf('gpt-4o')).toBe(10_000);
  });

  it('remembers a smaller window a refusal taught, for that model only, and never raises it', () => {
    const sut = windows(16_000);
    sut.learn('local-model', 4_096);
    sut.learn('local-model', 6_000);
    expect(sut.windowOf('local-model')).toBe(4_096);
    expect(sut.windowOf('local-model', 32_000)).toBe(4_096);
    expect(sut.windowOf('other-model')).toBe(16_000 * (1 - FOREIGN_TOKENIZER_MARGIN));
  });
});
