import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ChatTurnRequest } from '@mb/contracts/types/wire/chat-turn-request';
import { AgentRegistry } from '../agents';
import { AppError } from '../common/app-error';
import {
  ChatModel,
  assertMessageFits,
  ContextWindows,
  MessageTooLong,
  ModelClients,
  promptTokens,
  tokensOf,
  ModelCallAborted,
  ModelFailure,
  ReplyRouter,
  MAX_CONTEXT_MESSAGES,
  type PreparedReply,
  type ReplyContext,
  modelSettings,
} from '../llm';
import { ChatMessages, coerceContent, lastExchange, MessageStore, toMessageDto, toTurnMessageDto } from '../messages';
import {
  type ChatMessageEntity,
  ChatSessionEntity,
  ChatSessions,
  type NewSession,
  SessionStore,
  sessionTitle,
  toSessionDto,
} from '../sessions';
import { SessionSummaries } from '../summaries';
import { ChatPersonas, configurationRefused, personaOf, personaPrompt, readPersonaOverride } from '../personas';
import { toModelMessages } from './model-messages';
import { ActiveTurn, ActiveTurns } from './active-turns';
import { CheckpointFollower } from './checkpoint-follower';
import { ReplyLeases } from './reply-leases';
import {
  ReplyStore,
  type OpenedReply,
  type OpenReplyResult,
  type OpenVersionResult,
  type ReplyEnding,
} from './reply-store';
import { TurnRelay, type Detach, type TurnWatcher } from './relay/turn-relay';

/** A turn's first message begins a chat, goes on one, or is a new version of its last exchange. */
type TurnKind = 'new-chat' | 'message' | 'version';

/** What to delete when a new message's turn is taken back. */
interface Withdrawal {
  userMessageId: string;
  sessionCreated: boolean;
}

export interface StartedTurn {
  /** Events already settled when the stream opens (the session, the saved user message). */
  opening: ChatTurnEvent[];
  /** The reply in progress; absent when the turn needed no model call (a reconfiguration). */
  turn?: ActiveTurn;
}

/** A short, stable fingerprint of the persona in force (its JSON), to tell replies of different personas apart. */
const personaHash = (persona: unknown) =>
  createHash('sha256').update(JSON.stringify(persona)).digest('hex').slice(0, 12);

const refusals: Record<Extract<OpenReplyResult, { ok: false }>['reason'], () => AppError> = {
  'session-missing': () => AppError.notFound('Chat session'),
  'reply-in-progress': () =>
    new AppError('CONFLICT', 'A reply is still being written in this chat. Wait for it or stop it first.'),
  'orders-exhausted': () =>
    new AppError('CONFLICT', 'This session has no free message order left; start a new session'),
};

const versionRefusals: Record<Extract<OpenVersionResult, { ok: false }>['reason'], () => AppError> = {
  'session-missing': refusals['session-missing'],
  'reply-in-progress': refusals['reply-in-progress'],
  'nothing-to-regenerate': () =>
    new AppError('CONFLICT', 'There is no reply to regenerate: the chat does not end with a reply to a message.'),
  'not-last-message': () =>
    new AppError('CONFLICT', 'Only the last message of a chat can be edited (and only while no reply is written).'),
  'message-missing': () => AppError.notFound('Message'),
};

const configurationNotAVersion = () =>
  new AppError('CONFLICT', 'A configuration is applied as a new message; it cannot be regenerated or edited.');

/** One user message in, one streamed reply out: the orchestration behind POST /api/chat/turns. */
@Injectable()
export class ChatTurns {
  private readonly logger = new Logger('Turns');

  constructor(
    private readonly agents: AgentRegistry,
    private readonly chat: ChatSessions,
    private readonly messages: ChatMessages,
    private readonly sessions: SessionStore,
    private readonly store: MessageStore,
    private readonly clients: ModelClients,
    private readonly model: ChatModel,
    private readonly router: ReplyRouter,
    private readonly active: ActiveTurns,
    private readonly summaries: SessionSummaries,
    private readonly replies: ReplyStore,
    private readonly leases: ReplyLeases,
    private readonly relay: TurnRelay,
    private readonly follower: CheckpointFollower,
    private readonly windows: ContextWindows,
    private readonly personas: ChatPersonas,
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

    if (request.editOf !== undefined && !existing)
      throw AppError.validation(['editOf needs the sessionId of its chat']);
    if (agent.conversation.reconfigurable) {
      const override = readPersonaOverride(request.content);
      if (override.kind !== 'none' && request.editOf !== undefined) throw configurationNotAVersion();
      if (override.kind === 'invalid') throw configurationRefused(override.problems);
      if (override.kind === 'valid') return this.reconfigure(agent, existing, request.content, override.persona);
    }

    // Refused before the user's message is stored: the browser keeps the draft.
    this.clients.assertKeyAvailable(apiKey);
    const content = coerceContent(request.content);
    this.assertFits(agent, existing, content);
    if (existing && request.editOf !== undefined) {
      return this.startVersion(agent, existing, { messageId: request.editOf, content }, apiKey);
    }
    const now = new Date();
    const session = existing ?? this.newSession(agent, content, now);
    // One transaction: the user's message and the reply's streaming row, or nothing (another reply is streaming).
    const opened = await this.replies.open({ session, isNew: !existing, content, ownerId: this.leases.ownerId, now });
    if (!opened.ok) throw refusals[opened.reason]();
    // A new chat's conversation is its first message: no need to read it back.
    return this.launch(
      agent,
      session,
      existing ? 'message' : 'new-chat',
      opened,
      existing ? undefined : [opened.userMessage],
      apiKey,
    );
  }

  /**
   * Regenerate: the chat's last question asked again. The reply it had is kept as a version of the exchange;
   * the new one streams like any turn (stop, re-attach, errors).
   */
  async regenerate(sessionId: string, apiKey?: string): Promise<StartedTurn> {
    const session = await this.chat.getSession(sessionId);
    const agent = this.agents.get(session.agentType);
    if (!agent) throw AppError.notFound('Agent');
    this.clients.assertKeyAvailable(apiKey);
    // A reply being written is not listed: said as such rather than as nothing to regenerate.
    if (await this.replies.findStreaming(sessionId)) throw versionRefusals['reply-in-progress']();
    const exchange = lastExchange((await this.store.listMessages(sessionId, { limit: 2 })).items.reverse());
    if (!exchange?.reply) throw versionRefusals['nothing-to-regenerate']();
    if (agent.conversation.reconfigurable && readPersonaOverride(exchange.user.content).kind !== 'none')
      throw configurationNotAVersion();
    return this.startVersion(agent, session, undefined, apiKey);
  }

  /** A new version of the last exchange (regenerate, or edit when `edit` is given), streamed like any turn. */
  private async startVersion(
    agent: AgentDefinition,
    session: ChatSessionEntity,
    edit: { messageId: string; content: string } | undefined,
    apiKey?: string,
  ): Promise<StartedTurn> {
    const opened = await this.replies.openVersion({ sessionId: session.id, edit, ownerId: this.leases.ownerId });
    if (!opened.ok) throw versionRefusals[opened.reason]();
    // A summary that covered the exchange is gone with it: the model gets no memory of the version left.
    const current = opened.summaryReset
      ? Object.assign(new ChatSessionEntity(), session, { summary: null, summaryThrough: null })
      : session;
    return this.launch(agent, current, 'version', opened, undefined, apiKey);
  }

  /** The reply's turn, once its rows are stored: followed by the relay and run detached from the request. */
  private launch(
    agent: AgentDefinition,
    session: ChatSessionEntity,
    kind: TurnKind,
    opened: OpenedReply,
    conversation: ChatMessageEntity[] | undefined,
    apiKey?: string,
  ): StartedTurn {
    const created = kind === 'new-chat';
    const turn = new ActiveTurn(session.id, opened.reply.id);
    const broadcast = this.relay.open(session.id, () => turn.stop());
    turn.subscribe((event) => broadcast.publish(event));
    // A new message can be taken back whole; a version's rows replaced others, so it ends like any failed reply.
    const withdrawal =
      kind === 'version' ? undefined : { userMessageId: opened.userMessage.id, sessionCreated: created };
    this.active.run(turn, () => this.reply(turn, agent, session, conversation, withdrawal, apiKey));
    return {
      opening: [
        { type: 'session', session: toSessionDto(session), created },
        { type: 'user-message', message: toTurnMessageDto(opened.userMessage) },
      ],
      turn,
    };
  }

  /**
   * Asks the reply in progress in the session to stop, wherever it is written: through the relay, at once,
   * else through the database, whose flag the owner reads with its next checkpoint (within a second). The
   * database is the way when Redis is down or does not link this replica to the owner.
   */
  async stop(sessionId: string): Promise<boolean> {
    return (await this.relay.stop(sessionId)) || this.replies.requestStop(sessionId);
  }

  /**
   * Re-attaches a watcher to the reply in progress in the session: through the relay, or, when the relay
   * knows none, through the checkpoints of a reply still streaming in the database. Undefined: no reply.
   */
  async attach(sessionId: string, watcher: TurnWatcher): Promise<Detach | undefined> {
    return (await this.relay.attach(sessionId, watcher)) ?? this.follower.follow(sessionId, watcher);
  }

  /** A message the agent's model cannot read in one call is refused whole, never cut. */
  private assertFits(agent: AgentDefinition, session: ChatSessionEntity | null, content: string): void {
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

  private sessionOf(agent: AgentDefinition, firstMessage: string): NewSession {
    return {
      agentType: agent.id,
      title: sessionTitle(firstMessage, agent.conversation.session.titleMaxLength),
      systemPrompt: personaPrompt(agent.persona),
      summary: null,
    };
  }

  /** A session to be stored with the turn's first messages. */
  private newSession(agent: AgentDefinition, firstMessage: string, now: Date): ChatSessionEntity {
    const fields = { id: randomUUID(), persona: null, summaryThrough: null, ...this.sessionOf(agent, firstMessage) };
    return Object.assign(new ChatSessionEntity(), { ...fields, createdAt: now, updatedAt: now });
  }

  private createSession(agent: AgentDefinition, firstMessage: string): Promise<ChatSessionEntity> {
    return this.sessions.createSession(this.sessionOf(agent, firstMessage));
  }

  private async reconfigure(
    agent: AgentDefinition,
    existing: ChatSessionEntity | null,
    content: string,
    persona: NonNullable<ChatSessionEntity['persona']>,
  ): Promise<StartedTurn> {
    const created = existing ?? (await this.createSession(agent, content));
    // Recorded in the chat's persona history with the persona, in one transaction.
    const { session } = await this.personas.switchPersona(agent, created, persona, 'applied');
    const userMessage = await this.messages.appendMessage(session.id, { role: 'user', content });
    const confirmation = await this.personas.confirm(agent, session.id);
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
  private async reply(
    turn: ActiveTurn,
    agent: AgentDefinition,
    session: ChatSessionEntity,
    conversation: ChatMessageEntity[] | undefined,
    withdrawal: Withdrawal | undefined,
    apiKey?: string,
  ): Promise<void> {
    let used: PreparedReply | undefined;
    try {
      // The reply's own row is still streaming, so the listing leaves it out.
      const items = conversation ?? (await this.store.listMessages(session.id, { limit: MAX_CONTEXT_MESSAGES })).items;
      const settings = modelSettings(agent, this.clients.defaultModel);
      const persona = personaOf(agent, session);
      const context: ReplyContext = {
        routing: agent.routing,
        settings,
        systemPrompt: personaPrompt(persona),
        conversation: toModelMessages(items),
        windowTokens: this.windows.windowOf(settings.model, agent.model.contextWindow),
        memory: session.summary,
        signal: turn.signal,
      };
      let retries = 0;
      const { prepared, result, fallbacks, contextRetries } = await this.router.route(
        context,
        (candidate) => {
          used = candidate;
          return this.model.stream(candidate.request, {
            apiKey,
            signal: turn.signal,
            onRetry: () => retries++,
            onToken: (text) => {
              if (!turn.text && candidate.sources.length) turn.emit({ type: 'sources', sources: candidate.sources });
              turn.emit({ type: 'token', text });
            },
          });
        },
        { mayFallBack: () => turn.text === '' },
      );
      const content = result.text.trim() ? result.text : agent.conversation.emptyReply;
      if (!content) throw new ModelFailure('UPSTREAM_ERROR', false);
      const saved = await this.finish(turn, {
        content,
        sources: prepared.sources,
        incomplete: false,
        usage: result.usage
          ? { ...result.usage, estimated: false }
          : {
              promptTokens: promptTokens(prepared.request.messages),
              completionTokens: tokensOf(result.text),
              estimated: true,
            },
        provenance: {
          model: prepared.request.model,
          strategy: prepared.strategy,
          fallbacks,
          retries: retries + contextRetries,
          ...(prepared.searchQuery !== undefined && { searchQuery: prepared.searchQuery }),
          contextMessages: prepared.contextMessages,
          omittedMessages: prepared.omittedMessages,
          personaHash: personaHash(persona),
        },
      });
      if (!saved) throw AppError.notFound('Chat session');
      turn.emit({ type: 'done', message: toTurnMessageDto(saved) });
      this.summaries.refreshIfDue(
        turn.sessionId,
        { hasSummary: session.summary !== null, summaryThrough: session.summaryThrough, latestOrder: saved.order },
        apiKey,
      );
    } catch (error) {
      if (error instanceof MessageTooLong && withdrawal && !turn.text) await this.withdraw(turn, error, withdrawal);
      else await this.end(turn, error, used);
    }
  }

  /** The model could not read the message after all (its tokenizer counts more than ours): nothing of it is kept. */
  private async withdraw(turn: ActiveTurn, error: MessageTooLong, withdrawal: Withdrawal): Promise<void> {
    try {
      await this.replies.withdraw({ replyId: turn.replyId, ownerId: this.leases.ownerId, ...withdrawal });
    } catch (failure) {
      this.logger.error(`Taking back a turn failed: ${(failure as Error).message}`);
      return this.end(turn, error, undefined);
    }
    turn.emit({ type: 'error', code: error.code, message: error.message, partial: null, withdrawn: true });
  }

  private async end(turn: ActiveTurn, error: unknown, used: PreparedReply | undefined): Promise<void> {
    // A reply with no text at all is not kept.
    const partial = turn.text.trim()
      ? await this.finish(turn, { content: turn.text, incomplete: true, sources: used?.sources ?? [] })
      : await this.discard(turn);
    const message = partial ? toTurnMessageDto(partial) : null;
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
  private async finish(turn: ActiveTurn, ending: ReplyEnding) {
    return this.replies.finish(turn.replyId, this.leases.ownerId, ending).catch((error: Error) => {
      this.logger.error(`Saving the reply failed: ${error.message}`);
      return null;
    });
  }

  private async discard(turn: ActiveTurn): Promise<null> {
    await this.replies.discard(turn.replyId, this.leases.ownerId).catch((error: Error) => {
      this.logger.error(`Removing an empty reply failed: ${error.message}`);
    });
    return null;
  }
}
