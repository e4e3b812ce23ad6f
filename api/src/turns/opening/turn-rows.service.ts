import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { AppError } from '../../common/app-error';
import { Clock } from '../../common/clock';
import { AttachmentReader, type AttachmentReading, AttachmentStore } from '../../attachments';
import { lastExchange, MessageStore, messageRefusals, versionRefusals } from '../../messages';
import { type ChatMessageEntity, ChatSessionEntity } from '../../sessions';
import { ReplyLeases } from '../live/reply-leases';
import type { OpenedTurn, TurnModel } from '../run/opened-turn';
import { ReplyOpeningStore } from './reply-opening.store';
import { ReplyStore } from '../rows/reply.store';
import { newSession } from './turn-session';

/** Storing a turn's rows, once nothing else can refuse it; what the database refuses is told as the client is told. */
@Injectable()
export class TurnRows {
  constructor(
    private readonly openings: ReplyOpeningStore,
    private readonly leases: ReplyLeases,
    private readonly replies: ReplyStore,
    private readonly messages: MessageStore,
    private readonly attachments: AttachmentStore,
    private readonly reader: AttachmentReader,
    private readonly clock: Clock,
  ) {}

  /**
   * A new message, in `existing` or in a new chat stored with it (owned by `owner`), with the files it sends and how
   * each is read.
   */
  async openMessage(
    agent: AgentDefinition,
    model: TurnModel,
    existing: ChatSessionEntity | null,
    content: string,
    readings: AttachmentReading[] = [],
    title = content,
    owner: string | null = null,
  ): Promise<OpenedTurn> {
    const now = this.clock.now();
    const session = existing ?? newSession(agent, title, now, owner);
    // One transaction: the user's message and the reply's streaming row, or nothing (another reply is streaming).
    const opened = await this.openings.open({ session, isNew: !existing, content, ownerId: this.leases.ownerId, now });
    if (!opened.ok) throw messageRefusals[opened.reason]();
    const { userMessage, reply } = opened;
    if (readings.length) await this.sendFiles(existing === null, userMessage, reply, readings);
    // Known to carry no files: the reply's context need not look for any.
    else userMessage.attachments = [];
    // A new chat's conversation is its first message: no need to read it back.
    return existing
      ? { kind: 'message', agent, session, model, userMessage, reply }
      : { kind: 'new-chat', agent, session, model, userMessage, reply, conversation: [userMessage] };
  }

  /** Claims the files for the stored message; one another message took first withdraws the turn whole. */
  private async sendFiles(
    sessionCreated: boolean,
    userMessage: ChatMessageEntity,
    reply: ChatMessageEntity,
    readings: AttachmentReading[],
  ): Promise<void> {
    const linked = await this.attachments.link(userMessage.sessionId, userMessage.id, readings);
    if (linked < readings.length) {
      const turn = { replyId: reply.id, userMessageId: userMessage.id, ownerId: this.leases.ownerId, sessionCreated };
      await this.replies.withdraw(turn);
      throw new AppError(
        'CONFLICT',
        'One of these attachments was already sent with a message. Attach the file again.',
      );
    }
    userMessage.attachments = (await this.reader.describe([userMessage.id])).get(userMessage.id);
  }

  /** A new version of the last exchange (regenerate, or edit when `edit` is given), streamed like any turn. */
  async openVersion(
    agent: AgentDefinition,
    model: TurnModel,
    session: ChatSessionEntity,
    edit: { messageId: string; content: string } | undefined,
  ): Promise<OpenedTurn> {
    const opened = await this.openings.openVersion({
      sessionId: session.id,
      edit,
      ownerId: this.leases.ownerId,
      now: this.clock.now(),
    });
    if (!opened.ok) throw versionRefusals[opened.reason]();
    // A summary that covered the exchange is gone with it: the model gets no memory of the version left.
    const current = opened.summaryReset
      ? Object.assign(new ChatSessionEntity(), session, { summary: null, summaryThrough: null })
      : session;
    opened.userMessage.attachments = (await this.reader.describe([opened.userMessage.id])).get(opened.userMessage.id);
    const { userMessage, reply, replacedVersion } = opened;
    return { kind: 'version', agent, session: current, model, userMessage, reply, replacedVersion };
  }

  /** The exchange a regeneration asks again: refused while a reply is written, or when the chat does not end with one. */
  async exchangeToRegenerate(sessionId: string): Promise<{ user: ChatMessageEntity; reply: ChatMessageEntity }> {
    // A reply being written is not listed: said as such rather than as nothing to regenerate.
    if (await this.replies.findStreaming(sessionId)) throw versionRefusals['reply-in-progress']();
    const exchange = lastExchange((await this.messages.listMessages(sessionId, { limit: 2 })).items.reverse());
    if (!exchange?.reply) throw versionRefusals['nothing-to-regenerate']();
    return { user: exchange.user, reply: exchange.reply };
  }
}
