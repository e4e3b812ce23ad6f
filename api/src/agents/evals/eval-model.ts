import OpenAI, { APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  messageText,
  ModelClients,
  type ModelMessage,
  type ModelRequest,
  type ModelToolCall,
  ToolsRefused,
} from '../../llm';

/** A call as the app's model calls are made: the messages (a tool step adds calls and their answers) and any tools offered. */
export type EvalModelCall = ModelRequest;

export interface EvalModelAnswer {
  text: string;
  /** The model asked for these calls (only when tools were offered); absent: it answered. */
  toolCalls?: ModelToolCall[];
  /** Absent when the service reports none (some OpenAI-compatible servers). */
  usage?: { promptTokens: number; completionTokens: number };
}

/** The one thing evals do with a model, so the runner can be driven by anything that answers. */
export interface EvalModel {
  /** Rejects with ToolsRefused when the model (or its server) refuses the tools offered, as the app's model does. */
  complete(call: EvalModelCall): Promise<EvalModelAnswer>;
}

/** A failed model call, described without a word of the upstream's answer (which can quote the key). */
export class EvalModelError extends Error {}

/** A refusal of the tools offered, read as the app's model reads one (llm/model-failure.ts): then the loop answers without them. */
const refusesTools = (error: unknown): error is APIError =>
  error instanceof APIError &&
  (error.status === 400 || error.status === 422) &&
  /\btools?\b|function[ _-]?call|tool_choice|\bfunctions?\b/i.test(error.message);

/** A message as the SDK takes it; eval conversations carry text, an assistant's tool calls and the tools' answers. */
function sdkMessage(message: ModelMessage): ChatCompletionMessageParam {
  const content = messageText(message);
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId ?? '', content };
  if (message.role === 'assistant' && message.toolCalls?.length)
    return {
      role: 'assistant',
      content: content || null,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  return { role: message.role, content };
}

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
    const tools = call.tools ?? [];
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: call.model,
          temperature: call.temperature,
          max_tokens: call.maxTokens,
          messages: call.messages.map(sdkMessage),
          ...(tools.length && {
            tools: tools.map((tool) => ({
              type: 'function' as const,
              function: { name: tool.name, description: tool.description, parameters: tool.parameters },
            })),
          }),
        },
        { maxRetries: 2, timeout: this.timeoutMs },
      );
      const message = completion.choices[0]?.message;
      const toolCalls = (message?.tool_calls ?? []).flatMap((piece) =>
        piece.type === 'function'
          ? [{ id: piece.id, name: piece.function.name, arguments: piece.function.arguments }]
          : [],
      );
      const usage = completion.usage;
      return {
        text: message?.content ?? '',
        ...(toolCalls.length && { toolCalls }),
        usage: usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : undefined,
      };
    } catch (error) {
      if (tools.length && refusesTools(error)) throw new ToolsRefused(error.status);
      throw new EvalModelError(describeFailure(error));
    }
  }
}
