import { Injectable, Logger } from '@nestjs/common';
import type { RoutingStrategyName } from '@mb/contracts/types/agent';
import { AppError } from '../common/app-error';
import { WebSearch } from '../search';
import { ContextWindows } from './context/context-windows';
import { windowAfterRefusal } from './context/refused-window';
import { ContextOverflow, ModelCallAborted, ModelFailure } from './model-failure';
import { AssistantStrategy } from './strategies/assistant.strategy';
import { CompletionsStrategy } from './strategies/completions.strategy';
import type { PreparedReply, ReplyContext, ReplyStrategy } from './strategies/reply-strategy';
import { SearchFirstStrategy } from './strategies/search-first.strategy';

/** A second refusal means our learned window was still too large for the service's count: one more try. */
const MAX_CONTEXT_RETRIES = 2;

export interface RoutedReply<T> {
  prepared: PreparedReply;
  result: T;
  /** Strategies that failed before the one that answered, in order. */
  fallbacks: RoutingStrategyName[];
  /** How many times the service refused a request as too long before a fitted one answered. */
  contextRetries: number;
}

export interface RouteOptions {
  /** Asked after a failure; false stops the chain (e.g. part of a reply already reached the user). */
  mayFallBack?(): boolean;
  onFallback?(failed: RoutingStrategyName, error: AppError): void;
}

/** Answers a turn with the agent's strategy, then its fallbacks in order, as its routing declares. */
@Injectable()
export class ReplyRouter {
  private readonly logger = new Logger('Routing');
  private readonly strategies: Record<RoutingStrategyName, ReplyStrategy>;

  constructor(
    search: WebSearch,
    private readonly windows: ContextWindows,
  ) {
    this.strategies = {
      completions: new CompletionsStrategy(),
      assistant: new AssistantStrategy(),
      'search-first': new SearchFirstStrategy(search),
    };
  }

  /** One named strategy, whether or not it would apply by the agent's rules (a caller asked for it). */
  prepare(name: RoutingStrategyName, context: ReplyContext): Promise<PreparedReply> {
    return this.strategies[name].prepare(context);
  }

  /**
   * Answers a prepared reply; when the service refuses it as too long for the model, again fitted to the window
   * the refusal shows (in our tokens), which the model keeps until restart. Refitting reads what the newest message
   * carries anew within that window (the context's refitNewest), and throws MessageTooLong when what the user typed
   * is what does not fit.
   */
  async answer<T>(
    context: ReplyContext,
    prepared: PreparedReply,
    answer: (prepared: PreparedReply) => Promise<T>,
  ): Promise<Omit<RoutedReply<T>, 'fallbacks'>> {
    let current = prepared;
    let window = context.windowTokens;
    for (let retries = 0; ; retries++) {
      try {
        return { prepared: current, result: await answer(current), contextRetries: retries };
      } catch (error) {
        if (!(error instanceof ContextOverflow) || retries === MAX_CONTEXT_RETRIES) throw error;
        window = windowAfterRefusal(error, current.request, window);
        this.windows.learn(context.settings.model, window);
        current = await current.refit(window);
      }
    }
  }

  chain(context: ReplyContext): RoutingStrategyName[] {
    return [...new Set([context.routing.strategy, ...context.routing.fallback])];
  }

  async route<T>(
    context: ReplyContext,
    answer: (prepared: PreparedReply) => Promise<T>,
    options: RouteOptions = {},
  ): Promise<RoutedReply<T>> {
    let lastFailure: AppError | undefined;
    const fallbacks: RoutingStrategyName[] = [];
    for (const name of this.chain(context)) {
      const strategy = this.strategies[name];
      const skip = strategy.skipReason(context);
      if (skip) {
        this.logger.debug(`${name} skipped: ${skip}`);
        continue;
      }
      try {
        return { ...(await this.answer(context, await strategy.prepare(context), answer)), fallbacks };
      } catch (error) {
        if (error instanceof ModelCallAborted || context.signal?.aborted) throw new ModelCallAborted();
        if (!(error instanceof AppError)) throw error;
        // A key problem would fail the next strategy the same way.
        if ((error instanceof ModelFailure && error.isKeyProblem) || options.mayFallBack?.() === false) throw error;
        this.logger.warn(
          `${name} failed (${error instanceof ModelFailure ? error.describe() : error.code}); trying the next strategy`,
        );
        options.onFallback?.(name, error);
        fallbacks.push(name);
        lastFailure = error;
      }
    }
    throw (
      lastFailure ??
      new AppError(
        'SEARCH_UNAVAILABLE',
        'This agent answers with a web search, which is not available for this message.',
      )
    );
  }
}
