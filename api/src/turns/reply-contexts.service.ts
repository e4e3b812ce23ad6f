import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { assertMessageFits, ContextWindows, ModelClients, modelSettings, type ReplyContext } from '../llm';
import { personaOf, personaPrompt } from '../personas';
import type { ChatMessageEntity, ChatSessionEntity } from '../sessions';
import { toModelMessages } from './model-messages';

/** The agent's model as a turn sees it: whether a message fits its window, and what a reply is routed with. */
@Injectable()
export class ReplyContexts {
  constructor(
    private readonly clients: ModelClients,
    private readonly windows: ContextWindows,
  ) {}

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

  /** One reply's context: the agent's routing and model, the persona in force, the conversation, the chat's memory. */
  contextOf(
    agent: AgentDefinition,
    session: ChatSessionEntity,
    conversation: ChatMessageEntity[],
    signal: AbortSignal,
  ): ReplyContext {
    const settings = modelSettings(agent, this.clients.defaultModel);
    return {
      routing: agent.routing,
      settings,
      systemPrompt: personaPrompt(personaOf(agent, session)),
      conversation: toModelMessages(conversation),
      windowTokens: this.windows.windowOf(settings.model, agent.model.contextWindow),
      memory: session.summary,
      signal,
    };
  }
}
