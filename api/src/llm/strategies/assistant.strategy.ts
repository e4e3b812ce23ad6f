import {
  MAX_CONTEXT_MESSAGES,
  preparedReply,
  type PreparedReply,
  type ReplyContext,
  type ReplyStrategy,
} from './reply-strategy';

/** Chat completions over the persona and only the last `routing.history` messages (the retired Assistants API's role). */
export class AssistantStrategy implements ReplyStrategy {
  readonly name = 'assistant' as const;

  skipReason(): null {
    return null;
  }

  prepare(context: ReplyContext): Promise<PreparedReply> {
    const window = context.routing.history ?? MAX_CONTEXT_MESSAGES;
    return Promise.resolve(preparedReply(context, { strategy: this.name, systemPrompt: context.systemPrompt, window }));
  }
}
