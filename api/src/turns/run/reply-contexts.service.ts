import { Injectable } from '@nestjs/common';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import { AttachmentReader, type AttachmentView } from '../../attachments';
import { messageTokens, type ReplyContext } from '../../llm';
import type { ChatMessageEntity } from '../../sessions';
import type { OpenedTurn } from './opened-turn';
import { toModelMessages } from './model-messages';
import { TurnGrounding } from './turn-grounding';

/** What a turn's reply is routed with: the model the turn opened with, and the conversation as that model reads it. */
@Injectable()
export class ReplyContexts {
  constructor(
    private readonly attachments: AttachmentReader,
    private readonly grounding: TurnGrounding,
  ) {}

  /**
   * One reply's context: the agent's routing and model, the persona in force, the conversation, the chat's summary,
   * and what the agent brings besides (TurnGrounding: what it remembers for the person, its knowledge files).
   * The newest message's files are read anew within the window when they were read for a larger one (a version of a
   * message sent before a refusal taught it), and again whenever a refusal teaches a smaller one; `onReread` is told
   * how the chat then shows them.
   */
  async contextOf(
    opened: OpenedTurn,
    conversation: ChatMessageEntity[],
    signal: AbortSignal,
    onReread?: (attachments: ChatAttachment[]) => void,
  ): Promise<ReplyContext> {
    const { agent, session, model } = opened;
    // Messages read back from the database may carry files; those this turn just stored are known.
    const mayCarryFiles = conversation.filter((m) => m.role === 'user' && (m.attachments?.length ?? 1) > 0);
    const views = mayCarryFiles.length
      ? await this.attachments.modelView(
          mayCarryFiles.map((m) => String(m.id)),
          model.seesImages,
        )
      : new Map<string, AttachmentView>();
    const messages = toModelMessages(conversation, views);
    const newest = conversation.at(-1);
    const refitNewest =
      newest?.role === 'user' && views.has(String(newest.id))
        ? async (budgetTokens: number) => {
            const id = String(newest.id);
            const reread = await this.attachments.reread(id, newest.content, budgetTokens, model.seesImages);
            onReread?.(reread.attachments);
            return toModelMessages([newest], new Map([[id, reread.view]]))[0];
          }
        : undefined;
    if (refitNewest && messageTokens(messages.at(-1)!) > model.budgetTokens)
      messages.splice(-1, 1, await refitNewest(model.budgetTokens));
    // The agent's memory and knowledge, chosen within what the message leaves; waits for files being read.
    const grounding = await this.grounding.of(opened, messages, signal);
    return {
      routing: agent.routing,
      settings: model.settings,
      systemPrompt: model.systemPrompt,
      conversation: messages,
      windowTokens: model.windowTokens,
      memory: session.summary,
      ...(grounding && { grounding }),
      signal,
      ...(refitNewest && { refitNewest }),
    };
  }
}
