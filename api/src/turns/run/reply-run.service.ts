import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../config';
import { ChatModel, MAX_CONTEXT_MESSAGES, ModelFailure, ReplyRouter } from '../../llm';
import { AgentMemory } from '../../memory';
import { MessageStore, toTurnMessageDto } from '../../messages';
import { DEFAULT_MAX_TOOL_STEPS, ToolCatalog } from '../../tools';
import { ReplyEndings } from '../ending/reply-endings.service';
import { UnstoredEndings } from '../ending/unstored-endings';
import type { ActiveTurn } from '../live/active-turns';
import type { OpenedTurn } from './opened-turn';
import { ReplyContexts } from './reply-contexts.service';
import { finishedReply } from './reply-provenance';
import { TurnAnswer } from './turn-answer';
import { memoryOwnerOf } from './turn-grounding';

/**
 * Running a reply: its context built, routed by the agent's strategy (llm's ReplyRouter) with the turn's answer
 * (TurnAnswer: the model streamed into the turn, through the tool loop), then ended (ReplyEndings).
 */
@Injectable()
export class ReplyRun {
  constructor(
    private readonly messages: MessageStore,
    private readonly contexts: ReplyContexts,
    private readonly model: ChatModel,
    private readonly router: ReplyRouter,
    private readonly stored: ReplyEndings,
    private readonly unstored: UnstoredEndings,
    private readonly tools: ToolCatalog,
    private readonly memory: AgentMemory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs detached from the request: a browser that leaves does not stop the reply from being finished and saved. */
  async reply(turn: ActiveTurn, opened: OpenedTurn, apiKey?: string): Promise<void> {
    const { agent, session } = opened;
    // A fact kept in a chat that is not stored has no chat to come from.
    const memory = this.memory.toolsFor(agent, memoryOwnerOf(opened), opened.unstored ? null : session.id);
    const toolset =
      agent.tools?.length || memory ? this.tools.forAgent(agent, { memory }) : { tools: [], unavailable: [] };
    const maxSteps = agent.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS;
    const { timeoutMs } = this.config.tools;
    const answer = new TurnAnswer(
      turn,
      this.model,
      { tools: toolset.tools, maxSteps, timeoutMs, unattended: opened.unattended },
      apiKey,
    );
    const endings = opened.unstored ? this.unstored : this.stored;
    try {
      // The reply's own row is still streaming, so the listing leaves it out.
      const items =
        opened.conversation ?? (await this.messages.listMessages(session.id, { limit: MAX_CONTEXT_MESSAGES })).items;
      // Files read anew for a smaller window: the chat shows what the model now reads of them.
      const context = await this.contexts.contextOf(opened, items, turn.signal, (attachments) => {
        opened.userMessage.attachments = attachments;
        turn.emit({ type: 'user-message', message: toTurnMessageDto(opened.userMessage) });
      });
      const routed = await this.router.route(context, answer.answer, {
        mayFallBack: () => turn.text === '' && turn.toolCalls.size === 0,
      });
      const content = routed.result.text.trim() ? routed.result.text : agent.conversation.emptyReply;
      if (!content) throw new ModelFailure('UPSTREAM_ERROR', false);
      await endings.done(turn, opened, finishedReply(content, routed, answer, opened, toolset.unavailable), apiKey);
    } catch (error) {
      await endings.failed(turn, opened, error, answer.used);
    }
  }
}
