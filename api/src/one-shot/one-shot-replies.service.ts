import { Injectable, Logger } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AssistantChatRequest } from '@mb/contracts/types/wire/assistant-chat-request';
import type { ChatCompletionRequest, ConversationMessage } from '@mb/contracts/types/wire/chat-completion-request';
import type { ChatCompletionResponse } from '@mb/contracts/types/wire/chat-completion-response';
import type { SerperSearchRequest } from '@mb/contracts/types/wire/serper-search-request';
import type { SerperSearchResponse } from '@mb/contracts/types/wire/serper-search-response';
import type { Viewer } from '../access';
import { agentRefused, AgentRegistry, mayUse } from '../agents';
import { AppError } from '../common/app-error';
import {
  ChatModel,
  ModelClients,
  ModelFailure,
  ReplyRouter,
  type PreparedReply,
  type ReplyContext,
  type ModelMessage,
  ContextWindows,
  preparedReply,
  modelSettings,
} from '../llm';
import { WebSearch } from '../search';
import { coerceContent, coerceRole } from '../messages';
import { ChatSessions, type ChatSessionEntity } from '../sessions';
import { personaOf, personaPrompt } from '../personas';

const GENERIC_SYSTEM_PROMPT = 'You are a helpful assistant.';

interface Subject {
  agent?: AgentDefinition;
  session: ChatSessionEntity | null;
}

/**
 * The spec's request-response calls (completions, assistant, web search): the client sends the
 * conversation, the server answers once and stores nothing. Kept so existing clients keep working.
 */
@Injectable()
export class OneShotReplies {
  private readonly logger = new Logger('Replies');

  constructor(
    private readonly agents: AgentRegistry,
    private readonly chat: ChatSessions,
    private readonly clients: ModelClients,
    private readonly model: ChatModel,
    private readonly router: ReplyRouter,
    private readonly search: WebSearch,
    private readonly windows: ContextWindows,
  ) {}

  async completions(body: ChatCompletionRequest, viewer: Viewer, apiKey?: string): Promise<ChatCompletionResponse> {
    const { agent, session } = await this.subject(viewer, body.agentType, body.sessionId);
    const messages = this.coerce(body.messages);
    const conversation = messages.filter((m) => m.role !== 'system');
    // The client's own system message wins; otherwise the agent's persona (none without an agent).
    const clientSystem = messages.filter((m) => m.role === 'system').map((m) => m.content);
    const systemPrompt = clientSystem.length
      ? clientSystem.join('\n\n')
      : agent
        ? personaPrompt(personaOf(agent, session))
        : '';
    const overrides = { temperature: body.temperature, maxTokens: body.max_tokens };
    const context = { ...this.context(agent, session, conversation, overrides, systemPrompt), memory: null };
    // The client's whole conversation, as far as the model's window allows.
    const prepared = preparedReply(context, { strategy: 'completions', systemPrompt, window: conversation.length });
    const { result } = await this.router.answer(context, prepared, (fitted) =>
      this.model.complete(fitted.request, { apiKey }),
    );
    return this.answer(result, 'completions', []);
  }

  async assistant(body: AssistantChatRequest, viewer: Viewer, apiKey?: string): Promise<ChatCompletionResponse> {
    const { agent, session } = await this.subject(viewer, body.assistantType, body.sessionId, () =>
      this.defaultAssistant(),
    );
    if (!agent) throw AppError.validation(['assistantType is required: no agent is marked as the default assistant']);
    const context = this.context(
      agent,
      session,
      this.coerce(body.messages).filter((m) => m.role !== 'system'),
      {
        temperature: body.temperature,
        maxTokens: body.max_tokens,
      },
    );
    const prepared = await this.router.prepare('assistant', context);
    try {
      const { result } = await this.router.answer(context, prepared, (fitted) =>
        this.model.complete(fitted.request, { apiKey }),
      );
      return this.answer(result, prepared.strategy, []);
    } catch (error) {
      // The spec's client answers this code by falling back to the completions call.
      if (error instanceof ModelFailure && error.modelCode === 'UPSTREAM_ERROR')
        throw error.as('ASSISTANT_API_UNAVAILABLE');
      throw error;
    }
  }

  async webSearch(body: SerperSearchRequest, viewer: Viewer, apiKey?: string): Promise<SerperSearchResponse> {
    if (!this.search.available)
      throw new AppError('SEARCH_UNAVAILABLE', 'Web search is not configured on this server.');
    this.clients.assertKeyAvailable(apiKey);
    const { agent, session } = await this.subject(viewer, body.agentType, body.sessionId);
    const context = this.context(agent, session, [{ role: 'user', content: body.userMessage }], {}, body.systemPrompt);
    // Asked for explicitly: no keyword needs to match.
    const prepared: PreparedReply = await this.router.prepare('search-first', context);
    const { result: aiResponse } = await this.router.answer(context, prepared, (fitted) =>
      this.model.complete(fitted.request, { apiKey }),
    );
    return { aiResponse, sources: prepared.sources };
  }

  private context(
    agent: AgentDefinition | undefined,
    session: ChatSessionEntity | null,
    conversation: ModelMessage[],
    overrides: { temperature?: number; maxTokens?: number },
    systemPrompt?: string,
  ): ReplyContext {
    const settings = modelSettings(agent, this.clients.defaultModel, overrides);
    return {
      routing: agent?.routing ?? { strategy: 'completions', fallback: [] },
      settings,
      systemPrompt: systemPrompt ?? (agent ? personaPrompt(personaOf(agent, session)) : GENERIC_SYSTEM_PROMPT),
      conversation,
      windowTokens: this.windows.windowOf(settings.model, agent?.model.contextWindow),
      memory: session?.summary,
    };
  }

  /** The agent and chat a reply is for; an agent meant for others is refused as a turn refuses it. */
  private async subject(
    viewer: Viewer,
    agentId: string | undefined,
    sessionId: string | null | undefined,
    fallback?: () => AgentDefinition | undefined,
  ): Promise<Subject> {
    const session = sessionId ? await this.chat.getSession(sessionId) : null;
    let agent: AgentDefinition | undefined;
    if (agentId !== undefined) {
      agent = this.agents.get(agentId);
      if (!agent) throw AppError.validation([`"${agentId}" is not a known agent`]);
    } else {
      agent = session ? this.agents.get(session.agentType) : fallback?.();
    }
    if (agent && !mayUse(viewer, agent)) throw agentRefused(agent);
    return { agent, session };
  }

  private defaultAssistant(): AgentDefinition | undefined {
    return this.agents
      .list()
      .filter((agent) => agent.routing.assistantDefault)
      .sort((a, b) => a.id.localeCompare(b.id))[0];
  }

  private coerce(messages: ConversationMessage[]): ModelMessage[] {
    return messages.map((m) => ({ role: coerceRole(m.role, this.logger), content: coerceContent(m.content) }));
  }

  private answer(
    content: string,
    strategy: ChatCompletionResponse['strategy'],
    sources: ChatCompletionResponse['sources'],
  ): ChatCompletionResponse {
    return { content, message: { role: 'assistant', content }, strategy, sources };
  }
}
