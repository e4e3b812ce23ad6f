import { open, readFile } from 'node:fs/promises';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { Request } from 'express';
import { AgentRegistry, AttachmentPolicy } from '../agents';
import { AppError } from '../common/app-error';
import { type AppConfig, APP_CONFIG } from '../config';
import { tokensOf } from '../llm';
import { type AttachmentMeta, AttachmentStore, type NewAttachment } from './attachment.store';
import { type DocumentPart, extractDocument, sniffDocument } from './processing/document';
import { FileRefusal } from './processing/file-refusal';
import { processImage, sniffImage } from './processing/image';
import { ProcessingSlots } from './processing-slots';
import { type ReceivedFile, UploadReceiver } from './upload-receiver';

const HEAD_BYTES = 4096;

async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const refusalError = (refusal: FileRefusal) =>
  new AppError(refusal.reason === 'unsupported' ? 'UNSUPPORTED_FILE' : 'UNREADABLE_FILE', refusal.message);

/**
 * An upload, from the request to a stored attachment: streamed to disk within the agent's limit, judged by its
 * bytes (never its name or declared type), made safe (a photo upright, stripped and downscaled; a document read
 * into text), and stored. Nothing is kept of a file that is refused.
 */
@Injectable()
export class AttachmentIntake implements OnApplicationShutdown {
  private readonly receiver = new UploadReceiver();
  private readonly slots = new ProcessingSlots();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agents: AgentRegistry,
    private readonly policy: AttachmentPolicy,
    private readonly store: AttachmentStore,
  ) {}

  async upload(agentType: unknown, req: Request): Promise<AttachmentMeta> {
    const agent = typeof agentType === 'string' ? this.agents.get(agentType) : undefined;
    if (!agent) {
      req.res?.setHeader('Connection', 'close');
      throw AppError.validation([`agentType "${String(agentType ?? '')}" is not a known agent`]);
    }
    const accepted = this.policy.of(agent);
    if (!accepted.kinds.length && !accepted.photosRefusedReason) {
      req.res?.setHeader('Connection', 'close');
      throw new AppError('UNSUPPORTED_FILE', 'This assistant does not take attachments.');
    }
    const file = await this.receiver.receive(req, accepted.maxFileBytes);
    try {
      return await this.slots.run(() => this.keep(agent, file));
    } catch (error) {
      throw error instanceof FileRefusal ? refusalError(error) : error;
    } finally {
      await this.receiver.discard(file);
    }
  }

  private async keep(agent: AgentDefinition, file: ReceivedFile): Promise<AttachmentMeta> {
    const head = await headOf(file.path);
    const imageFormat = sniffImage(head);
    if (imageFormat) {
      // Markup (SVG, HTML) is refused by processImage itself, whatever the agent takes: it can carry scripts.
      if (imageFormat !== 'svg' && imageFormat !== 'html') this.policy.assertTakes(agent, 'image');
      const image = await processImage(file.path, { maxEdge: this.config.uploads.imageMaxEdge });
      return this.store.insert({
        agentType: agent.id,
        kind: 'image',
        name: file.name,
        mediaType: image.mediaType,
        content: image.bytes,
        thumbnail: image.thumbnail,
        width: image.width,
        height: image.height,
      });
    }
    if (sniffDocument(head)) {
      this.policy.assertTakes(agent, 'document');
      const document = await extractDocument(file.path, file.name);
      const attachment: NewAttachment = {
        agentType: agent.id,
        kind: 'document',
        name: file.name,
        mediaType: document.mediaType,
        content: await readFile(file.path),
        ...(document.pages !== undefined && { pages: document.pages }),
        parts: document.parts.map((part: DocumentPart) => ({ ...part, tokens: tokensOf(part.text) })),
      };
      return this.store.insert(attachment);
    }
    throw new AppError(
      'UNSUPPORTED_FILE',
      'This kind of file cannot be attached. Photos (JPEG, PNG, HEIC, WebP, AVIF, GIF) and documents (PDF, DOCX, ' +
        'text, Markdown, CSV, JSON, source code) can.',
    );
  }

  onApplicationShutdown(): void {
    this.receiver.close();
  }
}
