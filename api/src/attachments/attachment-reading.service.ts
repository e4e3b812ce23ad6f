import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import { AttachmentPolicy } from '../agents';
import { AppError } from '../common/app-error';
import { MessageTooLong, type ModelAttachment, type ModelImage, type ModelText, tokensOf } from '../llm';
import { toAttachmentDto } from './attachment-dto';
import {
  type AttachmentMeta,
  type AttachmentReading,
  AttachmentStore,
  type MessageAttachment,
} from './attachment.store';
import { imageTokens } from './processing/image';
import { documentText, DOCUMENT_OVERHEAD_TOKENS, planReading, type PlannedDocument } from './reading-plan';

/** What the model gets of one message's attachments: its photos, then its documents, each in the order attached. */
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
    if (metas.length < ids.length)
      throw AppError.validation([
        'an attachment was not found (uploads not sent within a day are removed): attach the file again',
      ]);
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

  /** Which parts of the documents the model reads beside the question and the photos, within `budgetTokens`. */
  private async readingsWithin(
    metas: AttachmentMeta[],
    question: string,
    budgetTokens: number,
  ): Promise<AttachmentReading[]> {
    const images = metas.filter((meta) => meta.kind === 'image');
    const imageCost = images.reduce((sum, meta) => sum + imageTokens(meta.width ?? 1, meta.height ?? 1), 0);
    const room = budgetTokens - TOKENS_PER_MESSAGE - tokensOf(question) - imageCost;
    const documents = await this.documentsOf(metas);
    if (room < documents.length * DOCUMENT_OVERHEAD_TOKENS + (documents.length ? 64 : 0))
      throw new MessageTooLong(
        budgetTokens,
        images.length
          ? `These photos and this message are more than this assistant's model can read at once ` +
              `(it reads about ${budgetTokens.toLocaleString('en-US')} tokens; each photo takes up to 1,105). ` +
              'Send fewer photos or a shorter message.'
          : `This message leaves no room for its documents in this assistant's model ` +
              `(it reads about ${budgetTokens.toLocaleString('en-US')} tokens at a time). Shorten the message.`,
      );

    const ranks = await this.store.rankParts(
      documents.map((document) => document.id),
      question,
    );
    const whole = planReading(documents, room, ranks);
    const readings = whole.every((reading) => reading.readParts === undefined)
      ? whole
      : planReading(documents, Math.floor(room * DOCUMENT_SHARE), ranks);
    const byId = new Map(readings.map((reading) => [reading.id, reading]));
    return metas.map((meta) => {
      const reading = byId.get(meta.id);
      return reading
        ? { id: meta.id, readParts: reading.readParts, readSummary: reading.readSummary }
        : { id: meta.id, readSummary: 'the whole image' };
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
   * What the model gets of these messages' attachments: photos as data URLs (only when the model sees images),
   * documents as the text planned when each was sent.
   */
  async modelView(messageIds: string[], seesImages: boolean): Promise<Map<string, AttachmentView>> {
    const byMessage = await this.store.ofMessages(messageIds);
    const all = [...byMessage.values()].flat();
    const imageIds = seesImages ? all.filter((a) => a.kind === 'image').map((a) => a.id) : [];
    const [bytes, parts] = await Promise.all([
      this.store.contents(imageIds),
      this.store.parts(all.filter((a) => a.kind === 'document').map((a) => a.id)),
    ]);
    const views = new Map<string, AttachmentView>();
    for (const [messageId, attachments] of byMessage) {
      views.set(messageId, [
        ...attachments.flatMap((attachment) => {
          const image = bytes.get(attachment.id);
          return image ? [this.modelImage(attachment, image)] : [];
        }),
        ...attachments
          .filter((attachment) => attachment.kind === 'document')
          .map((attachment) => this.modelDocument(attachment, parts)),
      ]);
    }
    return views;
  }

  private modelImage(attachment: MessageAttachment, bytes: Buffer): ModelImage {
    return {
      type: 'image',
      kind: 'image',
      id: attachment.id,
      name: attachment.name,
      read: 'the whole image',
      dataUrl: `data:${attachment.mediaType};base64,${bytes.toString('base64')}`,
      tokens: imageTokens(attachment.width ?? 1, attachment.height ?? 1),
    };
  }

  private modelDocument(
    attachment: MessageAttachment,
    parts: Awaited<ReturnType<AttachmentStore['parts']>>,
  ): ModelText {
    const chosen = attachment.readParts ? new Set(attachment.readParts) : undefined;
    const own = parts.filter((part) => part.attachmentId === attachment.id && (!chosen || chosen.has(part.ordinal)));
    const read = attachment.readSummary ?? 'the whole document';
    return {
      type: 'text',
      kind: 'document',
      id: attachment.id,
      name: attachment.name,
      text: documentText(own, read),
      read,
    };
  }

  private async documentsOf(metas: AttachmentMeta[]): Promise<PlannedDocument[]> {
    const documents = metas.filter((meta) => meta.kind === 'document');
    const parts = await this.store.parts(documents.map((meta) => meta.id));
    return documents.map((meta) => ({
      id: meta.id,
      pages: meta.pages,
      parts: parts.filter((part) => part.attachmentId === meta.id),
    }));
  }
}
