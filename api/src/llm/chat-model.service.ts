import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../config';
import { ModelClients } from './model-clients';
import { ModelCallAborted, ModelFailure } from './model-failure';
import { type ModelMessage, type ModelTool, type ModelToolCall, toSdkMessage } from './model-message';
import { RetryPolicy } from './retry-policy';

export type { ModelAttachment, ModelMessage, ModelRole, ModelTool, ModelToolCall } from './model-message';

/** OpenAI's `response_format`, passed to the model service as the caller gave it (text, json_object, json_schema). */
export type ResponseFormat = { type: string } & Record<string, unknown>;

export interface ModelRequest {
  model: string;
  temperature: number;
  maxTokens: number;
  responseFormat?: ResponseFormat;
  messages: ModelMessage[];
  /** Functions the model may call instead of answering; absent or empty: none offered. */
  tools?: ModelTool[];
}

export interface ModelCallOptions {
  /** A key the user brought for this request; absent: the server's key. */
  apiKey?: string;
  signal?: AbortSignal;
  /** Told of each failed attempt that is tried again. */
  onRetry?(): void;
}

/** Tokens of one call as the service reported them. */
export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface StreamedReply {
  text: string;
  /** The model asked for these calls instead of (or after) answering; absent: it answered. */
  toolCalls?: ModelToolCall[];
  /** Absent when the service reports none (some OpenAI-compatible servers). */
  usage?: ModelUsage;
}

export interface ModelStreamOptions extends ModelCallOptions {
  onToken(text: string): void;
}

/** Chat completions through the OpenAI SDK, with the one retry policy. Knows nothing of agents or sessions. */
@Injectable()
export class ChatModel {
  private readonly logger = new Logger('Model');

  constructor(
    private readonly clients: ModelClients,
    private readonly retry: RetryPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async complete(request: ModelRequest, options: ModelCallOptions = {}): Promise<string> {
    const client = this.clients.forRequest(options.apiKey);
    return this.logFailure(
      this.retry.run(
        () =>
          this.attempt(options.signal, async (signal) => {
            const completion = await client.chat.completions.create(this.body(request), { signal });
            return completion.choices[0]?.message?.content ?? '';
          }),
        options.signal,
        { onRetry: this.retried(options) },
      ),
    );
  }

  /** Asks the service to list its models: a key check that spends no tokens. Not retried: the user is waiting on a form. */
  async verifyKey(options: ModelCallOptions = {}): Promise<void> {
    const client = this.clients.forRequest(options.apiKey);
    try {
      await this.attempt(options.signal, (signal) => client.models.list({ signal }));
    } catch (error) {
      throw this.retry.classify(error);
    }
  }

  /**
   * Streams the reply token by token and resolves with the whole text. Attempts are retried only
   * until the first token arrives: after that a failure is final (the caller keeps what it got).
   */
  async stream(request: ModelRequest, options: ModelStreamOptions): Promise<StreamedReply> {
    const client = this.clients.forRequest(options.apiKey);
    let text = '';
    let usage: ModelUsage | undefined;
    const calls: ModelToolCall[] = [];
    return this.logFailure(
      this.retry.run(
        () =>
          this.attempt(options.signal, async (signal, idle) => {
            calls.length = 0;
            const stream = await client.chat.completions.create(
              { ...this.body(request), stream: true, stream_options: { include_usage: true } },
              { signal },
            );
            let finished = false;
            for await (const chunk of stream) {
              idle.restart();
              if (chunk.usage)
                usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
              const choice = chunk.choices[0];
              if (choice?.delta?.content) {
                text += choice.delta.content;
                options.onToken(choice.delta.content);
              }
              // A call arrives in pieces: its id and name first, then its arguments, by index.
              for (const piece of choice?.delta?.tool_calls ?? []) {
                const call = (calls[piece.index] ??= { id: '', name: '', arguments: '' });
                if (piece.id) call.id = piece.id;
                if (piece.function?.name) call.name += piece.function.name;
                if (piece.function?.arguments) call.arguments += piece.function.arguments;
              }
              if (choice?.finish_reason) finished = true;
            }
            // The SDK ends the iteration quietly on abort; a stream without a finish reason was cut short.
            if (signal.aborted) throw new ModelCallAborted();
            if (!finished) throw new ModelFailure('NETWORK_ERROR', true);
            const toolCalls = calls.filter((call) => call.name);
            return { text, usage, ...(toolCalls.length && { toolCalls }) };
          }),
        options.signal,
        { onRetry: this.retried(options), mayRetry: () => text === '' },
      ),
    );
  }

  /**
   * One attempt under our own silence timer. Timeouts and stops are told apart by our own flags,
   * not by the SDK's error classes (which a different realm, such as a test runner, can blur).
   */
  private async attempt<T>(
    outer: AbortSignal | undefined,
    call: (signal: AbortSignal, idle: IdleTimer) => Promise<T>,
  ): Promise<T> {
    const idle = new IdleTimer(this.config.openai.timeoutMs);
    try {
      return await call(outer ? AbortSignal.any([outer, idle.signal]) : idle.signal, idle);
    } catch (error) {
      if (outer?.aborted) throw new ModelCallAborted();
      if (idle.expired) throw new ModelFailure('TIMEOUT', true);
      throw error;
    } finally {
      idle.stop();
    }
  }

  private body(request: ModelRequest) {
    return {
      model: request.model,
      temperature: request.temperature,
      max_tokens: request.maxTokens,
      ...(request.responseFormat && { response_format: request.responseFormat as { type: 'text' } }),
      messages: request.messages.map(toSdkMessage),
      ...(request.tools?.length && {
        tools: request.tools.map((tool) => ({
          type: 'function' as const,
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        })),
      }),
    };
  }

  private async logFailure<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (error instanceof ModelFailure) this.logger.warn(`Model call failed: ${error.describe()}`);
      throw error;
    }
  }

  private retried(options: ModelCallOptions) {
    return (failure: ModelFailure, attempt: number, waitMs: number) => {
      this.logger.warn(`Attempt ${attempt} failed: ${failure.describe()}; retrying in ${waitMs} ms`);
      options.onRetry?.();
    };
  }
}

/** Aborts a stream that stays silent for too long (the SDK's timeout ends once the answer starts). */
class IdleTimer {
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;
  expired = false;

  constructor(private readonly ms: number) {
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  restart(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
