import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../config';

/** Context windows of models we know, by name or by the name's start (dated variants). */
const KNOWN_WINDOWS: Array<[prefix: string, tokens: number]> = [
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-4', 8_192],
  ['gpt-3.5-turbo', 16_385],
  ['gpt-5', 400_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
];
/** A model nobody told us about: small enough for most local servers; a refusal teaches us the real one. */
export const UNKNOWN_MODEL_WINDOW = 8_192;

/**
 * We count tokens as OpenAI's models do; another model's tokenizer may count more of the same text (most local
 * models' do), so its window is taken as this much smaller until a refusal tells us its real one.
 */
export const FOREIGN_TOKENIZER_MARGIN = 0.15;

/**
 * The context window of a model, in our tokens: the agent file's, else OPENAI_CONTEXT_WINDOW, else the table,
 * else a cautious default (less a margin for a model whose tokenizer is not ours), and never more than what a
 * refusal taught us since the start.
 */
@Injectable()
export class ContextWindows {
  private readonly logger = new Logger('Context');
  private readonly learned = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  windowOf(model: string, declared?: number): number {
    const known = KNOWN_WINDOWS.find(([prefix]) => model.startsWith(prefix));
    const stated = declared ?? this.config.openai.contextWindow ?? known?.[1] ?? UNKNOWN_MODEL_WINDOW;
    const usable = known ? stated : Math.floor(stated * (1 - FOREIGN_TOKENIZER_MARGIN));
    return Math.min(usable, this.learned.get(model) ?? Infinity);
  }

  /** The service refused a call as too long: from now on (until restart) the model's window is at most this. */
  learn(model: string, tokens: number): void {
    const before = this.learned.get(model);
    if (before !== undefined && before <= tokens) return;
    this.learned.set(model, tokens);
    this.logger.warn(
      `The model ${model} reads at most ${tokens} tokens (as we count them); later calls are fitted to that`,
    );
  }
}
