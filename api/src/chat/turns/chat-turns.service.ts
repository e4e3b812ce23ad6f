import { Injectable, Logger } from '@nestjs/common';
import type { AgentDefinition } from '../../../../schemas/types/agent';
import type { ChatTurnEvent } from '../../../../schemas/types/wire/chat-turn-event';
import type { ChatTurnRequest } from '../../../../schemas/types/wire/chat-turn-request';
import { AgentRegistry } from '../../agents';
import { AppError } from '../../common/app-error';
import {
  ChatModel,
  ModelClients,
  ModelCallAborted,
  ModelFailure,
  personaPrompt,
  ReplyRouter,
  MAX_CONTEXT_MESSAGES,
  type PreparedReply,
  type ReplyContext,
} from '../../llm';
import type { ChatSessionEntity } from '../chat-session.entity';
import { toMessageDto, toSessionDto } from '../chat-dto';
import { ChatService } from '../chat.service';
import { ChatStore, type NewMessage } from '../chat.store';
import { modelSettings, personaOf, sessionTitle, toModelMessages } from '../conversation';
import { readPersonaOverride } from '../persona-override';
import { SessionSummaries } from '../summaries/session-summaries.service';
import { ActiveTurn, ActiveTurns } from './active-turns';

export interface StartedTurn {
  /** Events already settled when the stream opens (the session, the saved user message). */
  opening: ChatTurnEvent[];
  /** The reply in progress; absent when the turn needed no model call (a reconfiguration). */
  turn?: ActiveTurn;
}

const DEFAULT_RECONFIGURED_GREETING = 'Configuration updated. How can I help you now?';

/** One user message in, one streamed reply out: the orchestration behind POST /api/chat/turns. */
@Injectable()
export class ChatTurns {
  private readonly logger = new Logger('Turns');

  constructor(
    private readonly agents: AgentRegistry,
    private readonly chat: ChatService,
    private readonly store: ChatStore,
    private readonly clients: ModelClients,
    private readonly model: ChatModel,
    private readonly router: ReplyRouter,
    private readonly active: ActiveTurns,
    private readonly summaries: SessionSummaries,
  ) {}

  /** Everything that can refuse the turn happens here, before the stream opens and before anything is saved. */
  async start(request: ChatTurnRequest, apiKey?: string): Promise<StartedTurn> {
    const agent = this.agents.get(request.agentType);
    if (!agent) throw AppError.validation([`agentType "${request.agentType}" is not a known agent`]);
    const existing = request.sessionId ? await this.chat.getSession(request.sessionId) : null;
    if (existing && existing.agentType !== agent.id) {
      throw AppError.validation([
        `session ${existing.id} belongs to the agent "${existing.agentType}", not "${agent.id}"`,
      ]);
    }

    if (agent.conversation.reconfigurable) {
      const override = readPersonaOverride(request.content);
      if (override.kind === 'invalid') {
        throw new AppError(
          'VALIDATION_FAILED',
          `This configuration was not applied: ${override.problems.join('; ')}`,
          override.problems,
        );
      }
      if (override.kind === 'valid') return this.reconfigure(agent, existing, request.content, override.persona);
    }

    // Refused before the user's message is stored: the browser keeps the draft.
    this.clients.assertKeyAvailable(apiKey);
    if (existing) this.active.assertIdle(existing.id);

    const session = existing ?? (await this.createSession(agent, request.content));
    const turn = this.active.begin(session.id);
    let userMessage;
    try {
      userMessage = await this.chat.appendMessage(session.id, { role: 'user', content: request.content });
    } catch (error) {
      this.active.abandon(turn);
      throw error;
    }
    const { items } = await this.store.listMessages(session.id, { limit: MAX_CONTEXT_MESSAGES });
    const context: ReplyContext = {
      routing: agent.routing,
      settings: modelSettings(agent, this.clients.defaultModel),
      systemPrompt: personaPrompt(personaOf(agent, session)),
      conversation: toModelMessages(items),
      signal: turn.signal,
    };
    this.active.run(turn, () => this.reply(turn, agent, context, apiKey));
    return {
      opening: [
        { type: 'session', session: toSessionDto(session), created: !existing },
        { type: 'user-message', message: toMessageDto(userMessage) },
      ],
      turn,
    };
  }

  stop(sessionId: string): boolean {
    const turn = this.active.get(sessionId);
    turn?.stop();
    return Boolean(turn);
  }

  current(sessionId: string): ActiveTurn | undefined {
    return this.active.get(sessionId);
  }

  private createSession(agent: AgentDefinition, firstMessage: string): Promise<ChatSessionEntity> {
    return this.store.createSession({
      agentType: agent.id,
      title: sessionTitle(firstMessage, agent.conversation.session.titleMaxLength),
      systemPrompt: personaPrompt(agent.persona),
      summary: null,
    });
  }

  private async reconfigure(
    agent: AgentDefinition,
    existing: ChatSessionEntity | null,
    content: string,
    persona: NonNullable<ChatSessionEntity['persona']>,
  ): Promise<StartedTurn> {
    const created = existing ?? (await this.createSession(agent, content));
    const session = await this.store.updateSession(created.id, { persona, systemPrompt: personaPrompt(persona) });
    if (!session) throw AppError.notFound('Chat session');
    const userMessage = await this.chat.appendMessage(session.id, { role: 'user', content });
    const greeting = agent.conversation.reconfiguredGreeting ?? DEFAULT_RECONFIGURED_GREETING;
    const confirmation = await this.chat.appendMessage(session.id, { role: 'assistant', content: greeting });
    return {
      opening: [
        { type: 'session', session: toSessionDto(session), created: !existing },
        { type: 'user-message', message: toMessageDto(userMessage) },
        { type: 'reconfigured', session: toSessionDto(session) },
        { type: 'done', message: toMessageDto(confirmation) },
      ],
    };
  }

  /** Runs detached from the request: a browser that leaves does not stop the reply from being finished and saved. */
  private async reply(turn: ActiveTurn, agent: AgentDefinition, context: ReplyContext, apiKey?: string): Promise<void> {
    let used: PreparedReply | undefined;
    try {
      const { prepared, result } = await this.router.route(
        context,
        (candidate) => {
          used = candidate;
          return this.model.stream(candidate.request, {
            apiKey,
            signal: turn.signal,
            onToken: (text) => {
              if (!turn.text && candidate.sources.length) turn.emit({ type: 'sources', sources: candidate.sources });
              turn.emit({ type: 'token', text });
            },
          });
        },
        { mayFallBack: () => turn.text === '' },
      );
      const content = result.trim() ? result : agent.conversation.emptyReply;
      if (!content) throw new ModelFailure('UPSTREAM_ERROR', false);
      const saved = await this.save(turn, { role: 'assistant', content, sources: prepared.sources });
      if (!saved) throw AppError.notFound('Chat session');
      turn.emit({ type: 'done', message: toMessageDto(saved) });
      this.summaries.refreshLater(turn.sessionId, apiKey);
    } catch (error) {
      await this.end(turn, error, used);
    }
  }

  private async end(turn: ActiveTurn, error: unknown, used: PreparedReply | undefined): Promise<void> {
    const partial = turn.text.trim()
      ? await this.save(turn, { role: 'assistant', content: turn.text, incomplete: true, sources: used?.sources })
      : null;
    const message = partial ? toMessageDto(partial) : null;
    if (error instanceof ModelCallAborted) {
      turn.emit({ type: 'stopped', message });
      return;
    }
    const failure = error instanceof AppError ? error : new AppError('INTERNAL', 'The reply failed. Please try again.');
    if (!(error instanceof AppError))
      this.logger.error(`Turn failed: ${(error as Error).name}`, (error as Error).stack);
    turn.emit({ type: 'error', code: failure.code, message: failure.message, partial: message });
  }

  /** Saving an ending must not throw: the session may have been deleted meanwhile. */
  private async save(turn: ActiveTurn, message: NewMessage) {
    const result = await this.store.appendMessage(turn.sessionId, message).catch((error: Error) => {
      this.logger.error(`Saving the reply failed: ${error.message}`);
      return null;
    });
    return result?.ok ? result.message : null;
  }
}
