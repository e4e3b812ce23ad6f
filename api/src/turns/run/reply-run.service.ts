import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ChatModel,
  MAX_CONTEXT_MESSAGES,
  ModelFailure,
  type ModelMessage,
  type ModelRequest,
  promptTokens,
  ReplyRouter,
  tokensOf,
  type PreparedReply,
} from '../../llm';
import type { AttachmentRead } from '@mb/contracts/types/wire/chat-message';
import { type AppConfig, APP_CONFIG } from '../../config';
import { MessageStore, toTurnMessageDto } from '../../messages';
import { answerWithTools, DEFAULT_MAX_TOOL_STEPS, ToolCatalog, type ToolLoopResult } from '../../tools';
import { personaOf } from '../../personas';
import type { ActiveTurn } from '../live/active-turns';
import { ReplyContexts } from './reply-contexts.service';
import { ReplyEndings } from '../ending/reply-endings.service';
import type { OpenedTurn } from './opened-turn';

/** A short, stable fingerprint of the persona in force (its JSON), to tell replies of different personas apart. */
const personaHash = (persona: unknown) =>
  createHash('sha256').update(JSON.stringify(persona)).digest('hex').slice(0, 12);

/** The attachments the model read for a reply (the photos and documents of the messages it saw), for its provenance. */
function attachmentsRead(messages: ModelMessage[]): { attachments?: AttachmentRead[] } {
  const read: AttachmentRead[] = messages.flatMap((message) => [
    ...(message.images ?? []).map((image) => ({
      id: image.id,
      name: image.name,
      kind: 'image' as const,
      read: 'the whole image',
      tokens: image.tokens,
    })),
    ...(message.documents ?? []).map((document) => ({
      id: document.id,
      name: document.name,
      kind: 'document' as const,
      read: document.read,
      tokens: tokensOf(document.text),
    })),
  ]);
  return read.length ? { attachments: read } : {};
}

/** The reply's tool calls, and why tools were not used or stopped early, for its provenance. */
function toolProvenance(use: Omit<ToolLoopResult, 'reply'>, unavailable: string[]) {
  const notUsed = [use.toolsUnavailable, ...unavailable].filter(Boolean).join(' ');
  return {
    ...(use.records.length && {
      toolCalls: use.records.map((call) => ({
        tool: call.tool,
        durationMs: call.durationMs ?? 0,
        ok: call.status === 'done',
      })),
    }),
    ...(notUsed && { toolsUnavailable: notUsed }),
    ...(use.stepsEnded && { toolStepsEnded: use.stepsEnded }),
  };
}

/** Running a reply: routed by the agent's strategy, streamed into its turn token by token, then ended (ReplyEndings). */
@Injectable()
export class ReplyRun {
  constructor(
    private readonly messages: MessageStore,
    private readonly contexts: ReplyContexts,
    private readonly model: ChatModel,
    private readonly router: ReplyRouter,
    private readonly endings: ReplyEndings,
    private readonly tools: ToolCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs detached from the request: a browser that leaves does not stop the reply from being finished and saved. */
  async reply(turn: ActiveTurn, opened: OpenedTurn, apiKey?: string): Promise<void> {
    const { agent, session } = opened;
    let used: PreparedReply | undefined;
    const toolset = agent.tools?.length ? this.tools.forAgent(agent) : { tools: [], unavailable: [] };
    let toolUse: Omit<ToolLoopResult, 'reply'> = { records: [] };
    try {
      // The reply's own row is still streaming, so the listing leaves it out.
      const items =
        opened.conversation ?? (await this.messages.listMessages(session.id, { limit: MAX_CONTEXT_MESSAGES })).items;
      // Files read anew for a smaller window: the chat shows what the model now reads of them.
      const context = await this.contexts.contextOf(opened, items, turn.signal, (attachments) => {
        opened.userMessage.attachments = attachments;
        turn.emit({ type: 'user-message', message: toTurnMessageDto(opened.userMessage) });
      });
      let retries = 0;
      const { prepared, result, fallbacks, contextRetries } = await this.router.route(
        context,
        async (candidate) => {
          used = candidate;
          const stream = (request: ModelRequest) =>
            this.model.stream(request, {
              apiKey,
              signal: turn.signal,
              onRetry: () => retries++,
              onToken: (text) => {
                if (!turn.text && candidate.sources.length) turn.emit({ type: 'sources', sources: candidate.sources });
                turn.emit({ type: 'token', text });
              },
            });
          if (!toolset.tools.length) return stream(candidate.request);
          const { reply, ...rest } = await answerWithTools({
            request: candidate.request,
            tools: toolset.tools,
            maxSteps: agent.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS,
            timeoutMs: this.config.tools.timeoutMs,
            turn,
            stream,
          });
          toolUse = rest;
          return reply;
        },
        { mayFallBack: () => turn.text === '' && turn.toolCalls.size === 0 },
      );
      const content = result.text.trim() ? result.text : agent.conversation.emptyReply;
      if (!content) throw new ModelFailure('UPSTREAM_ERROR', false);
      await this.endings.done(
        turn,
        opened,
        {
          content,
          sources: prepared.sources,
          incomplete: false,
          ...(toolUse.records.length && { toolCalls: toolUse.records }),
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
            personaHash: personaHash(personaOf(agent, session)),
            ...attachmentsRead(prepared.request.messages),
            ...toolProvenance(toolUse, toolset.unavailable),
          },
        },
        apiKey,
      );
    } catch (error) {
      await this.endings.failed(turn, opened, error, used);
    }
  }
}
