import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatTurnRequest } from '@mb/contracts/types/wire/chat-turn-request';
import { ownerOf, type Viewer } from '../../access';
import { agentRefused, AgentRegistry, mayUse } from '../../agents';
import { AttachmentReader } from '../../attachments';
import { AppError } from '../../common/app-error';
import { Clock } from '../../common/clock';
import { ModelClients } from '../../llm';
import { coerceContent, versionRefusals } from '../../messages';
import { configurationRefused, readPersonaOverride } from '../../personas';
import { ChatMessageEntity, type ChatSessionEntity, ChatSessions } from '../../sessions';
import type { OpenedTurn } from '../run/opened-turn';
import type { KeptTurnRequest, UnkeptTurnRequest } from './external-turn';
import { assertFits, TurnModels } from './turn-models';
import { TurnReconfiguration, type ReconfiguredTurn } from './turn-reconfiguration.service';
import { TurnRows } from './turn-rows.service';
import { newSession } from './turn-session';

/** Opening a turn: everything that can refuse it happens here, before the stream opens and before anything is saved. */
@Injectable()
export class TurnOpening {
  constructor(
    private readonly agents: AgentRegistry,
    private readonly sessions: ChatSessions,
    private readonly clients: ModelClients,
    private readonly models: TurnModels,
    private readonly rows: TurnRows,
    private readonly reconfiguration: TurnReconfiguration,
    private readonly attachments: AttachmentReader,
    private readonly clock: Clock,
  ) {}

  /**
   * A new message, an edit of the last one, or a pasted configuration (applied at once), from `viewer`: a new chat is
   * theirs. The chat itself was checked against them by ChatAccessGuard; the agent is checked here.
   */
  async open(request: ChatTurnRequest, viewer: Viewer, apiKey?: string): Promise<OpenedTurn | ReconfiguredTurn> {
    const agent = this.agents.get(request.agentType);
    if (!agent) throw AppError.validation([`agentType "${request.agentType}" is not a known agent`]);
    if (!mayUse(viewer, agent)) throw agentRefused(agent);
    const owner = ownerOf(viewer);
    const existing = request.sessionId ? await this.sessions.getSession(request.sessionId) : null;
    if (existing && existing.agentType !== agent.id) {
      throw AppError.validation([
        `session ${existing.id} belongs to the agent "${existing.agentType}", not "${agent.id}"`,
      ]);
    }

    if (request.editOf !== undefined && !existing)
      throw AppError.validation(['editOf needs the sessionId of its chat']);
    const files = request.attachments ?? [];
    if (files.length) return this.openWithFiles(request, agent, existing, files, owner, apiKey);
    if (agent.conversation.reconfigurable) {
      const override = readPersonaOverride(request.content);
      if (override.kind !== 'none' && request.editOf !== undefined) throw versionRefusals['configuration-message']();
      if (override.kind === 'invalid') throw configurationRefused(override.problems);
      if (override.kind === 'valid')
        return this.reconfiguration.reconfigure(agent, existing, request.content, override.persona, viewer);
    }

    // Refused before the user's message is stored: the browser keeps the draft.
    this.clients.assertKeyAvailable(apiKey);
    const content = coerceContent(request.content);
    const model = this.models.of(agent, existing);
    assertFits(model, content);
    if (existing && request.editOf !== undefined)
      return this.rows.openVersion(agent, model, existing, { messageId: request.editOf, content });
    return this.rows.openMessage(agent, model, existing, content, [], content, owner);
  }

  /**
   * A message with photos or documents: never a configuration, never an edit (an edited message keeps the files it
   * was sent with). The files are checked and what the model reads of them is planned before anything is stored.
   */
  private async openWithFiles(
    request: ChatTurnRequest,
    agent: AgentDefinition,
    existing: ChatSessionEntity | null,
    files: string[],
    owner: string | null,
    apiKey?: string,
  ): Promise<OpenedTurn> {
    if (request.editOf !== undefined)
      throw AppError.validation([
        'an edited message keeps the files it was sent with: send new files in a new message',
      ]);
    this.clients.assertKeyAvailable(apiKey);
    const content = request.content.trim() ? coerceContent(request.content) : '';
    const model = this.models.of(agent, existing);
    const readings = await this.attachments.plan(agent, content, files, model.budgetTokens);
    const title = content || (await this.attachments.names(files)).join(', ');
    return this.rows.openMessage(agent, model, existing, content, readings, title, owner);
  }

  /**
   * Regenerate: the chat's last question asked again. The reply it had is kept as a version of the exchange;
   * the new one streams like any turn (stop, re-attach, errors).
   */
  async openRegeneration(sessionId: string, apiKey?: string): Promise<OpenedTurn> {
    const session = await this.sessions.getSession(sessionId);
    const agent = this.agents.get(session.agentType);
    if (!agent) throw AppError.notFound('Agent');
    this.clients.assertKeyAvailable(apiKey);
    const exchange = await this.rows.exchangeToRegenerate(sessionId);
    if (agent.conversation.reconfigurable && readPersonaOverride(exchange.user.content).kind !== 'none')
      throw versionRefusals['configuration-message']();
    return this.rows.openVersion(agent, this.models.of(agent, session), session, undefined);
  }

  /** A program's message in the stored chat it goes on (the API's store): its rows stored as any message's. */
  async openKept(request: KeptTurnRequest, apiKey?: string): Promise<OpenedTurn> {
    const { agent } = request;
    const session = await this.sessions.getSession(request.sessionId);
    if (session.agentType !== agent.id)
      throw AppError.validation([
        `session ${session.id} belongs to the agent "${session.agentType}", not "${agent.id}"`,
      ]);
    this.clients.assertKeyAvailable(apiKey);
    const content = coerceContent(request.content);
    const model = this.models.of(agent, session, request.tuning);
    assertFits(model, content);
    return { ...(await this.rows.openMessage(agent, model, session, content)), unattended: request.unattended };
  }

  /** A program's message that nothing is kept of (the API's store: false): its chat and rows exist in memory only. */
  openUnkept(request: UnkeptTurnRequest, apiKey?: string): OpenedTurn {
    const { agent } = request;
    this.clients.assertKeyAvailable(apiKey);
    const content = coerceContent(request.content);
    const model = this.models.of(agent, null, request.tuning);
    assertFits(model, content);
    const now = this.clock.now();
    const session = newSession(agent, request.earlier[0]?.content ?? content, now);
    const message = (role: ChatMessageEntity['role'], text: string, order: number) =>
      Object.assign(new ChatMessageEntity(), {
        id: randomUUID(),
        sessionId: session.id,
        role,
        content: text,
        order,
        incomplete: false,
        sources: null,
        toolCalls: null,
        usage: null,
        provenance: null,
        createdAt: now,
        streaming: false,
        ownerId: null,
        superseded: false,
        version: null,
        heartbeatAt: null,
        stopRequested: false,
        attachments: [],
      });
    const conversation = [...request.earlier, { role: 'user' as const, content }].map((m, i) =>
      message(m.role, m.content, i),
    );
    const userMessage = conversation.at(-1)!;
    const reply = Object.assign(message('assistant', '', conversation.length), { streaming: true });
    return {
      kind: 'new-chat',
      agent,
      session,
      model,
      userMessage,
      reply,
      conversation,
      unattended: request.unattended,
      unstored: true,
    };
  }
}
