import {
  MAX_CONTEXT_MESSAGES,
  preparedReply,
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

  prepare(context: ReplyContext): Promise<PreparedReply> {
    return Promise.resolve(
      preparedReply(context, { strategy: this.name, systemPrompt: context.systemPrompt, window: MAX_CONTEXT_MESSAGES }),
    );
  }
}
