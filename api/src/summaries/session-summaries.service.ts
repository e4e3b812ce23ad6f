import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { AgentRegistry } from '../agents';
import { AppError } from '../common/app-error';
import { Slots } from '../common/slots';
import { type AppConfig, APP_CONFIG } from '../config';
import { ChatModel, ContextWindows, messageBudget, ModelClients, modelSettings, tokensOf } from '../llm';
import { type ChatSessionEntity, SessionStore } from '../sessions';
import { SummaryStore } from './summary.store';

const SUMMARY_INSTRUCTIONS =
  'Summarize the conversation below in at most two short sentences (under 200 characters), in its own language. ' +
  'Name the main topic and any decision or open question. When a summary so far is given, update it with the ' +
  'new messages. Reply with the summary only.';
const SUMMARY_MESSAGES = 40;
const SUMMARY_MAX_LENGTH = 1000;
const TRANSCRIPT_MAX_LENGTH = 24_000;
const PER_MESSAGE_MAX_LENGTH = 2000;
/** After the first, a chat's summary is refreshed in the background once this many messages (3 turns) are new. */
export const SUMMARY_EVERY_MESSAGES = 6;
/**
 * Background refreshes that call the model at once, the rest waiting their turn: a burst of new chats would
 * otherwise end in as many summary calls together, beside the replies' own calls and the service's rate limit.
 */
export const BACKGROUND_REFRESHES_AT_ONCE = 4;

/** Where a chat's summary stands after a reply: what the background refresh decides on without reading the chat. */
export interface SummaryState {
  hasSummary: boolean;
  summaryThrough: number | null;
  /** The order of the reply just saved. */
  latestOrder: number;
}

/**
 * Session summaries made by the model: on demand, or in the background every few turns. Incremental: the
 * summary so far and the messages after it (summary_through), so a long chat's messages are each read once.
 */
@Injectable()
export class SessionSummaries implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Summaries');
  private readonly shutdown = new AbortController();
  private readonly running = new Map<string, Promise<void>>();
  /** Sessions whose reply came while their summary was being made: made once more afterwards. */
  private readonly again = new Map<string, string | undefined>();
  private readonly slots = new Slots(BACKGROUND_REFRESHES_AT_ONCE);

  constructor(
    private readonly sessions: SessionStore,
    private readonly store: SummaryStore,
    private readonly agents: AgentRegistry,
    private readonly model: ChatModel,
    private readonly clients: ModelClients,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly windows: ContextWindows,
  ) {}

  async summarize(sessionId: string, apiKey?: string, signal?: AbortSignal): Promise<ChatSessionEntity> {
    const session = await this.sessions.findSession(sessionId);
    if (!session) throw AppError.notFound('Chat session');
    let since = session.summary && session.summaryThrough !== null ? session.summaryThrough : undefined;
    let items = await this.store.messagesAfter(sessionId, { limit: SUMMARY_MESSAGES, afterOrder: since });
    if (!items.length && since !== undefined) {
      // Asked again with nothing new: made afresh from the messages.
      since = undefined;
      items = await this.store.messagesAfter(sessionId, { limit: SUMMARY_MESSAGES });
    }
    if (!items.length) throw AppError.validation(['this chat has no messages to summarize yet']);
    const agent = this.agents.get(session.agentType);
    const settings = modelSettings(agent, this.clients.defaultModel, { temperature: 0.3, maxTokens: 200 });
    const summaryModel = this.config.openai.summaryModel;
    const model = summaryModel ?? settings.model;
    const prefix = since === undefined ? '' : `Summary so far: ${session.summary}\n\nNew messages:\n\n`;
    // The newest messages that fit the summary model's window beside the instructions and the summary so far.
    let room =
      messageBudget({
        systemPrompt: SUMMARY_INSTRUCTIONS,
        maxTokens: settings.maxTokens,
        windowTokens: this.windows.windowOf(model, summaryModel ? undefined : agent?.model.contextWindow),
      }) - tokensOf(prefix);
    const lines: string[] = [];
    for (const m of [...items].reverse()) {
      const line = `${m.role}: ${m.content.slice(0, PER_MESSAGE_MAX_LENGTH)}`;
      room -= tokensOf(line) + 1;
      if (room < 0 && lines.length) break;
      lines.unshift(line);
    }
    const transcript = prefix + lines.join('\n\n').slice(-TRANSCRIPT_MAX_LENGTH);
    const text = await this.model.complete(
      {
        ...settings,
        model,
        messages: [
          { role: 'system', content: SUMMARY_INSTRUCTIONS },
          { role: 'user', content: transcript },
        ],
      },
      { apiKey, signal },
    );
    const summary = text.trim().slice(0, SUMMARY_MAX_LENGTH);
    if (!summary) throw new AppError('UPSTREAM_ERROR', 'The AI service returned an empty summary. Please try again.');
    const updated = await this.store.saveSummary(
      sessionId,
      summary,
      items.at(-1)!.order,
      items.map((m) => m.id),
      since,
    );
    if (!updated) throw AppError.notFound('Chat session');
    // Another version was chosen while the summary was made: it would remember the one left (a refresh follows the change).
    if (updated === 'stale')
      throw new AppError('CONFLICT', 'The chat changed while its summary was being made. Please try again.');
    return updated;
  }

  /** After a reply: a refresh when the chat has none yet or enough is new since, without waiting for it. */
  refreshIfDue(sessionId: string, state: SummaryState, apiKey?: string): void {
    const newSince = state.latestOrder - (state.summaryThrough ?? -1);
    if (!state.hasSummary || newSince >= SUMMARY_EVERY_MESSAGES) this.refreshLater(sessionId, apiKey);
  }

  /** Starts a refresh without waiting for it; one at a time per session. */
  refreshLater(sessionId: string, apiKey?: string): void {
    if (this.shutdown.signal.aborted) return;
    if (this.running.has(sessionId)) {
      this.again.set(sessionId, apiKey);
      return;
    }
    const job = this.refresh(sessionId, apiKey).finally(() => {
      this.running.delete(sessionId);
      if (this.again.has(sessionId)) {
        const key = this.again.get(sessionId);
        this.again.delete(sessionId);
        this.refreshLater(sessionId, key);
      }
    });
    this.running.set(sessionId, job);
  }

  /** One background refresh, once a slot is free (none once shutting down); a failure is logged, never thrown. */
  private async refresh(sessionId: string, apiKey?: string): Promise<void> {
    try {
      await this.slots.run(async () => {
        if (!this.shutdown.signal.aborted) await this.summarize(sessionId, apiKey, this.shutdown.signal);
      });
    } catch (error) {
      if (!this.shutdown.signal.aborted)
        this.logger.warn(`Summary refresh failed: ${error instanceof AppError ? error.code : (error as Error).name}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.shutdown.abort();
    this.again.clear();
    await Promise.allSettled([...this.running.values()]);
  }
}
