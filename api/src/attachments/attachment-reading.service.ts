import { Injectable } from '@nestjs/common';
import { ATTACHMENT_KIND_TRAITS } from '@mb/contracts/attachment-policy';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import { AttachmentPolicy } from '../agents';
import { AppError } from '../common/app-error';
import { MessageTooLong, type ModelAttachment, tokensOf } from '../llm';
import { UPLOAD_NOT_FOUND } from '../sessions';
import { toAttachmentDto } from './attachment-dto';
import { type AttachmentMeta, type AttachmentReading, AttachmentStore } from './attachment.store';
import type { WholeReading } from './kinds/attachment-kind-handler';
import { KIND_HANDLERS, kindHandler } from './kinds/attachment-kinds';
import { DOCUMENT_OVERHEAD_TOKENS, planReading, type PlannedDocument } from './reading-plan';

/**
 * What the model gets of one message's attachments: those of each kind in the order the kinds are registered, each
 * kind's in the order attached.
 */
export type AttachmentView = ModelAttachment[];

/** When documents do not fit whole, this share of the room beside the message goes to them; the rest keeps recent turns in view. */
const DOCUMENT_SHARE = 0.8;
const TOKENS_PER_MESSAGE = 4;

const sentAlready = () =>
  new AppError('CONFLICT', 'One of these attachments was already sent with a message. Attach the file again.');

/**
 * What the model reads of attachments: checked and planned when a message is sent (which parts of a long document
 * answer the question), and rebuilt the same way for every later turn of the chat from what was planned then.
 */
@Injectable()
export class AttachmentReader {
  constructor(
    private readonly store: AttachmentStore,
    private readonly policy: AttachmentPolicy,
  ) {}

  /**
   * Checks the uploads a message sends (this agent's, not sent before, kinds and count it takes) and plans what
   * the model reads of them beside the question within `budgetTokens` (what one message may take of the window).
   */
  async plan(
    agent: AgentDefinition,
    question: string,
    ids: string[],
    budgetTokens: number,
  ): Promise<AttachmentReading[]> {
    const accepted = this.policy.of(agent);
    if (ids.length > accepted.maxFiles)
      throw new AppError(
        'TOO_MANY_FILES',
        `This assistant takes at most ${accepted.maxFiles} ${accepted.maxFiles === 1 ? 'file' : 'files'} per message.`,
      );
    const metas = await this.store.meta(ids);
    if (metas.length < ids.length) throw AppError.validation([UPLOAD_NOT_FOUND]);
    for (const meta of metas) {
      if (meta.agentType !== agent.id)
        throw AppError.validation([`attachment ${meta.id} was uploaded for another agent`]);
      if (meta.sessionId !== null) throw sentAlready();
      this.policy.assertTakes(agent, meta.kind);
    }
    return this.readingsWithin(metas, question, budgetTokens);
  }

  /**
   * Plans again what the model reads of a sent message's files, within `budgetTokens` (a refusal taught a smaller
   * window than they were read for), and keeps it as the message's reading, where the opening kept it: answers what
   * the model gets of them now, and the files as the chat shows them.
   */
  async reread(
    messageId: string,
    question: string,
    budgetTokens: number,
    seesImages: boolean,
  ): Promise<{ view: AttachmentView; attachments: ChatAttachment[] }> {
    const sent = (await this.store.ofMessages([messageId])).get(messageId) ?? [];
    const readings = await this.readingsWithin(sent, question, budgetTokens);
    await this.store.reread(messageId, readings);
    const [views, described] = await Promise.all([this.modelView([messageId], seesImages), this.describe([messageId])]);
    return {
      view: views.get(messageId) ?? [],
      attachments: described.get(messageId) ?? [],
    };
  }

  /** Which parts of the files read by their parts the model reads beside the question and the files read whole. */
  private async readingsWithin(
    metas: AttachmentMeta[],
    question: string,
    budgetTokens: number,
  ): Promise<AttachmentReading[]> {
    if (!metas.length) return [];
    const whole = new Map<string, WholeReading>();
    for (const meta of metas) {
      const reading = kindHandler(meta.kind).reading;
      if (reading !== 'parts') whole.set(meta.id, reading);
    }
    const wholeCost = metas.reduce((sum, meta) => sum + (whole.get(meta.id)?.tokens(meta) ?? 0), 0);
    const room = budgetTokens - TOKENS_PER_MESSAGE - tokensOf(question) - wholeCost;
    const documents = await this.inParts(metas.filter((meta) => !whole.has(meta.id)));
    if (room < documents.length * DOCUMENT_OVERHEAD_TOKENS + (documents.length ? 64 : 0)) {
      // Files read whole crowd the message first: their kind says why.
      const crowding = metas.find((meta) => whole.has(meta.id)) ?? metas[0];
      throw new MessageTooLong(budgetTokens, kindHandler(crowding.kind).noRoom(budgetTokens));
    }

    const ranks = await this.store.rankParts(
      documents.map((document) => document.id),
      question,
    );
    const planned = planReading(documents, room, ranks);
    const readings = planned.every((reading) => reading.readParts === undefined)
      ? planned
      : planReading(documents, Math.floor(room * DOCUMENT_SHARE), ranks);
    const byId = new Map(readings.map((reading) => [reading.id, reading]));
    return metas.map((meta) => {
      const reading = byId.get(meta.id);
      return reading
        ? { id: meta.id, readParts: reading.readParts, readSummary: reading.readSummary }
        : { id: meta.id, readSummary: whole.get(meta.id)?.summary };
    });
  }

  /** The names of these uploads, in order (a chat begun with files alone is titled by them). */
  async names(ids: string[]): Promise<string[]> {
    return (await this.store.meta(ids)).map((meta) => meta.name);
  }

  /** The attachments of these messages, as clients see them. */
  async describe(messageIds: string[]): Promise<Map<string, ChatAttachment[]>> {
    const byMessage = await this.store.ofMessages(messageIds);
    return new Map([...byMessage].map(([id, attachments]) => [id, attachments.map(toAttachmentDto)]));
  }

  /**
   * What the model gets of these messages' attachments, each as its kind reads it, as planned when it was sent; a
   * kind that needs vision is left out for a model that does not see images.
   */
  async modelView(messageIds: string[], seesImages: boolean): Promise<Map<string, AttachmentView>> {
    const byMessage = await this.store.ofMessages(messageIds);
    const readable = [...byMessage.values()]
      .flat()
      .filter((attachment) => seesImages || !ATTACHMENT_KIND_TRAITS[attachment.kind].needsVision);
    const seen = await Promise.all(
      KIND_HANDLERS.map((handler) =>
        handler.modelView(
          readable.filter((attachment) => attachment.kind === handler.kind),
          this.store,
        ),
      ),
    );
    const views = new Map<string, AttachmentView>();
    for (const [messageId, attachments] of byMessage) {
      views.set(
        messageId,
        seen.flatMap((kindViews) => attachments.flatMap((attachment) => kindViews.get(attachment.id) ?? [])),
      );
    }
    return views;
  }

  private async inParts(metas: AttachmentMeta[]): Promise<PlannedDocument[]> {
    const parts = await this.store.parts(metas.map((meta) => meta.id));
    return metas.map((meta) => ({
      id: meta.id,
      pages: meta.pages,
      parts: parts.filter((part) => part.attachmentId === meta.id),
    }));
  }
}
