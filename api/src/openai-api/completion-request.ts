import type { OpenAiChatCompletionRequest } from '@mb/contracts/types/wire/openai-chat-completion-request';
import { SchemaBodyPipe } from '../common/schema-body.pipe';
import { schemas } from '../common/json-schema';
import type { ResponseFormat } from '../llm';
import type { ExternalMessage } from '../turns';
import { OpenAiError } from './openai-error';

/** What a chat completion asks of an agent, read from OpenAI's request. */
export interface CompletionAsk {
  /** The agent's id. */
  model: string;
  /** The caller's system (and developer) messages, in order: read after the agent's persona. */
  instructions?: string;
  /** The conversation before the new message. */
  earlier: ExternalMessage[];
  /** The user's new message. */
  content: string;
  stream: boolean;
  includeUsage: boolean;
  temperature?: number;
  maxTokens?: number;
  user?: string;
  /** The shape the reply must take, for the agent's model. */
  responseFormat?: ResponseFormat;
  /** false: nothing is kept. */
  store: boolean;
}

/** "/messages/1/role" -> "messages[1].role", as OpenAI names a field. */
const paramOf = (pointer: string) =>
  pointer
    .slice(1)
    .split('/')
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i ? `.${part}` : part))
    .join('') || null;

/** The body checked against the request's schema, the first problem answered as OpenAI does: 400 naming the field. */
export class CompletionBodyPipe extends SchemaBodyPipe<OpenAiChatCompletionRequest> {
  constructor() {
    super('wire/openai-chat-completion-request.schema.json');
  }

  override transform(value: unknown): OpenAiChatCompletionRequest {
    const result = schemas.validate<OpenAiChatCompletionRequest>(this.schemaId, value ?? {});
    if (result.ok) return result.value;
    const [first] = result.problems;
    const param = paramOf(first.pointer);
    const missing = first.message === 'is required';
    const message = missing
      ? `Missing required parameter: '${param}'.`
      : `Invalid '${param ?? 'body'}': ${first.message}.`;
    throw OpenAiError.badRequest(message, param, missing ? 'missing_required_parameter' : 'invalid_value');
  }
}

type RequestMessage = OpenAiChatCompletionRequest['messages'][number];

/** A message's text: a string, or its text parts joined. Pictures and other parts are refused rather than dropped. */
function textOf(message: RequestMessage, index: number): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  return content
    .map((part, p) => {
      if (part.type === 'text' && typeof part.text === 'string') return part.text;
      throw OpenAiError.badRequest(
        `Only text is read through this API; messages[${index}].content[${p}] is of type '${part.type}'.`,
        `messages[${index}].content`,
      );
    })
    .join('\n');
}

/** The request as the agent takes it: the caller's instructions, the conversation so far and the new message. */
export function readCompletionRequest(body: OpenAiChatCompletionRequest): CompletionAsk {
  const instructions: string[] = [];
  const conversation: ExternalMessage[] = [];
  body.messages.forEach((message, index) => {
    const text = textOf(message, index);
    switch (message.role) {
      case 'system':
      case 'developer':
        if (text.trim()) instructions.push(text);
        return;
      case 'user':
      case 'assistant':
        conversation.push({ role: message.role, content: text });
        return;
      case 'tool':
      case 'function':
        throw OpenAiError.badRequest(
          'Tool results are not taken: this agent runs its own tools on the server.',
          `messages[${index}].role`,
        );
      default:
        throw OpenAiError.badRequest(
          `Invalid 'messages[${index}].role': must be one of system, developer, user, assistant.`,
          `messages[${index}].role`,
        );
    }
  });
  const last = conversation.pop();
  if (last?.role !== 'user' || !last.content.trim())
    throw OpenAiError.badRequest("The last message must be the user's, with text: the agent answers it.", 'messages');
  if (body.stream_options && body.stream !== true)
    throw OpenAiError.badRequest(
      "The 'stream_options' parameter is only allowed when 'stream' is true.",
      'stream_options',
    );
  const format = body.response_format;
  if (format?.type === 'json_schema' && !format.json_schema)
    throw OpenAiError.badRequest(
      "Missing required parameter: 'response_format.json_schema'.",
      'response_format.json_schema',
      'missing_required_parameter',
    );
  return {
    model: body.model,
    ...(instructions.length && { instructions: instructions.join('\n\n') }),
    earlier: conversation,
    content: last.content,
    stream: body.stream === true,
    includeUsage: body.stream_options?.include_usage === true,
    ...(typeof body.temperature === 'number' && { temperature: body.temperature }),
    ...(body.max_completion_tokens || body.max_tokens
      ? { maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined }
      : {}),
    ...(body.user && { user: body.user }),
    ...(format && format.type !== 'text' && { responseFormat: format }),
    store: body.store !== false,
  };
}
