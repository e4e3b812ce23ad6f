import OpenAI from 'openai';
import { ModelClients } from '../../llm';

export interface EvalModelCall {
  model: string;
  temperature: number;
  maxTokens: number;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
}

export interface EvalModelAnswer {
  text: string;
  /** Absent when the service reports none (some OpenAI-compatible servers). */
  usage?: { promptTokens: number; completionTokens: number };
}

/** The one thing evals do with a model, so the runner can be driven by anything that answers. */
export interface EvalModel {
  complete(call: EvalModelCall): Promise<EvalModelAnswer>;
}

/** A failed model call, described without a word of the upstream's answer (which can quote the key). */
export class EvalModelError extends Error {}

function describeFailure(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'the model call timed out';
  if (error instanceof OpenAI.APIConnectionError) return 'cannot reach the model server';
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const code = typeof error.code === 'string' ? ` (${error.code})` : '';
    return `the model call failed: HTTP ${error.status}${code}`;
  }
  return 'the model call failed';
}

/**
 * Chat completions with the server's key through the api's own client factory (OPENAI_BASE_URL, any
 * OpenAI-compatible server). The app's retry layer is for users waiting on a reply; a batch of evals
 * lets the SDK retry rate limits and server errors a couple of times instead.
 */
export class OpenAIEvalModel implements EvalModel {
  private readonly client: OpenAI;

  constructor(
    clients: ModelClients,
    private readonly timeoutMs: number,
  ) {
    this.client = clients.forRequest();
  }

  async complete(call: EvalModelCall): Promise<EvalModelAnswer> {
    try {
      const completion = await this.client.chat.completions.create(
        { model: call.model, temperature: call.temperature, max_tokens: call.maxTokens, messages: call.messages },
        { maxRetries: 2, timeout: this.timeoutMs },
      );
      const usage = completion.usage;
      return {
        text: completion.choices[0]?.message?.content ?? '',
        usage: usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : undefined,
      };
    } catch (error) {
      throw new EvalModelError(describeFailure(error));
    }
  }
}
