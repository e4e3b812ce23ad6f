import {
  MAX_CONTEXT_MESSAGES,
  modelRequest,
  type PreparedReply,
  type ReplyContext,
  type ReplyStrategy,
} from './reply-strategy';

/** Chat completions over the persona and the whole conversation. */
export class CompletionsStrategy implements ReplyStrategy {
  readonly name = 'completions' as const;

  skipReason(): null {
    return null;
  }

  async prepare(context: ReplyContext): Promise<PreparedReply> {
    return {
      strategy: this.name,
      request: modelRequest(context, context.systemPrompt, MAX_CONTEXT_MESSAGES),
      sources: [],
    };
  }
}
