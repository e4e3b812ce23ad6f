import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import { AttachmentReader, type AttachmentView } from '../../attachments';
import {
  assertMessageFits,
  ContextWindows,
  messageBudget,
  messageTokens,
  ModelClients,
  modelSettings,
  ModelVision,
  type ReplyContext,
} from '../../llm';
import { personaOf, personaPrompt } from '../../personas';
import type { ChatMessageEntity, ChatSessionEntity } from '../../sessions';
import { toModelMessages } from './model-messages';

/** The agent's model as a turn sees it: whether a message fits its window, and what a reply is routed with. */
@Injectable()
export class ReplyContexts {
  constructor(
    private readonly clients: ModelClients,
    private readonly windows: ContextWindows,
    private readonly vision: ModelVision,
    private readonly attachments: AttachmentReader,
  ) {}

  /** How many tokens one message may take in a call to the agent's model (beside the persona and the reply's room). */
  budgetOf(agent: AgentDefinition, session: ChatSessionEntity | null): number {
    const settings = modelSettings(agent, this.clients.defaultModel);
    return messageBudget({
      systemPrompt: personaPrompt(personaOf(agent, session)),
      maxTokens: settings.maxTokens,
      windowTokens: this.windows.windowOf(settings.model, agent.model.contextWindow),
    });
  }

  /** A message the agent's model cannot read in one call is refused whole, never cut. */
  assertFits(agent: AgentDefinition, session: ChatSessionEntity | null, content: string): void {
    const settings = modelSettings(agent, this.clients.defaultModel);
    assertMessageFits(
      {
        systemPrompt: personaPrompt(personaOf(agent, session)),
        maxTokens: settings.maxTokens,
        windowTokens: this.windows.windowOf(settings.model, agent.model.contextWindow),
      },
      { role: 'user', content },
    );
  }

  /**
   * One reply's context: the agent's routing and model, the persona in force, the conversation, the chat's memory.
   * The newest message's files are read anew within the window when they were read for a larger one (a version of a
   * message sent before a refusal taught it), and again whenever a refusal teaches a smaller one; `onReread` is told
   * how the chat then shows them.
   */
  async contextOf(
    agent: AgentDefinition,
    session: ChatSessionEntity,
    conversation: ChatMessageEntity[],
    signal: AbortSignal,
    onReread?: (attachments: ChatAttachment[]) => void,
  ): Promise<ReplyContext> {
    const settings = modelSettings(agent, this.clients.defaultModel);
    const seesImages = this.vision.of(agent);
    // Messages read back from the database may carry files; those this turn just stored are known.
    const mayCarryFiles = conversation.filter((m) => m.role === 'user' && (m.attachments?.length ?? 1) > 0);
    const views = mayCarryFiles.length
      ? await this.attachments.modelView(
          mayCarryFiles.map((m) => String(m.id)),
          seesImages,
        )
      : new Map<string, AttachmentView>();
    const messages = toModelMessages(conversation, views);
    const newest = conversation.at(-1);
    const refitNewest =
      newest?.role === 'user' && views.has(String(newest.id))
        ? async (budgetTokens: number) => {
            const id = String(newest.id);
            const reread = await this.attachments.reread(id, newest.content, budgetTokens, seesImages);
            onReread?.(reread.attachments);
            return toModelMessages([newest], new Map([[id, reread.view]]))[0];
          }
        : undefined;
    const budget = this.budgetOf(agent, session);
    if (refitNewest && messageTokens(messages.at(-1)!) > budget) messages.splice(-1, 1, await refitNewest(budget));
    return {
      routing: agent.routing,
      settings,
      systemPrompt: personaPrompt(personaOf(agent, session)),
      conversation: messages,
      windowTokens: this.windows.windowOf(settings.model, agent.model.contextWindow),
      memory: session.summary,
      signal,
      ...(refitNewest && { refitNewest }),
    };
  }
}
