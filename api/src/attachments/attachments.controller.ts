import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type { Request, Response } from 'express';
import { CurrentViewer, type Viewer } from '../access';
import { AppError } from '../common/app-error';
import { StreamedBody } from '../common/json-body.guard';
import { Answers } from '../common/route-docs';
import { toAttachmentDto } from './attachment-dto';
import { AttachmentStore } from './attachment.store';
import { AttachmentIntake } from './attachment-intake.service';
import { attachmentIdPipe } from '../sessions';
import { kindHandler } from './kinds/attachment-kinds';

/** RFC 6266: an ASCII fallback, and the real name in UTF-8. Quotes and slashes never reach the header. */
function disposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\/]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Served so that nothing in a file can run: its type as we decided it from its bytes, no sniffing, a CSP that
 * sandboxes it even when opened as a page, inline or as a download as its kind says.
 */
function sendFile(
  res: Response,
  mediaType: string,
  bytes: Buffer,
  dispositionType: 'inline' | 'attachment',
  name: string,
) {
  res.setHeader('Content-Type', mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Content-Disposition', disposition(dispositionType, name));
  // An id is never reused for other bytes.
  res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  res.end(bytes);
}

@Controller('chat/attachments')
export class AttachmentsController {
  constructor(
    private readonly intake: AttachmentIntake,
    private readonly store: AttachmentStore,
  ) {}

  @Post()
  @StreamedBody()
  @Answers({
    summary: 'Upload a photo or document for a message to an agent',
    description:
      'multipart/form-data with one field `file`. What the file is comes from its bytes. A photo is turned upright, ' +
      'stripped of every metadata block (GPS included) and downscaled to IMAGE_MAX_EDGE; a document is read into ' +
      'text. Only that is kept. Send it with POST /api/chat/turns (`attachments`); an upload never sent is removed ' +
      "after a day. Once people are configured an upload is its uploader's alone until sent, then its chat's.",
    query: { agentType: 'The agent the file is for: its `input.attachments` decides what it takes.' },
    json: 'wire/chat-attachment',
    errors: [
      'FILE_TOO_LARGE',
      'UNSUPPORTED_FILE',
      'UNREADABLE_FILE',
      'TOO_MANY_FILES',
      'UNSUPPORTED_MEDIA_TYPE',
      'VALIDATION_FAILED',
      'FORBIDDEN',
    ],
  })
  async upload(
    @Query('agentType') agentType: unknown,
    @Req() req: Request,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ChatAttachment> {
    return toAttachmentDto(await this.intake.upload(agentType, req, viewer));
  }

  @Get(':id')
  @Answers({
    summary: 'The stored file: a processed image inline, a document as a download',
    content: { 'image/jpeg': 'A photo', 'image/png': 'An image', 'application/octet-stream': 'A document' },
    errors: ['NOT_FOUND'],
  })
  async file(@Param('id', attachmentIdPipe) id: string, @Res() res: Response): Promise<void> {
    const found = await this.store.content(id, 'content');
    if (!found) throw AppError.notFound('Attachment');
    const { meta, bytes } = found;
    sendFile(res, meta.mediaType, bytes, kindHandler(meta.kind).served, meta.name);
  }

  @Get(':id/thumbnail')
  @Answers({
    summary: "A photo's thumbnail (WebP, long side 320 px)",
    content: { 'image/webp': 'The thumbnail' },
    errors: ['NOT_FOUND'],
  })
  async thumbnail(@Param('id', attachmentIdPipe) id: string, @Res() res: Response): Promise<void> {
    const found = await this.store.content(id, 'thumbnail');
    if (!found) throw AppError.notFound('Thumbnail');
    sendFile(res, 'image/webp', found.bytes, 'inline', found.meta.name.replace(/\.[^.]*$/, '') + '.webp');
  }

  @Delete(':id')
  @HttpCode(204)
  @Answers({ summary: 'Remove an upload not yet sent', empty: true, errors: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN'] })
  async remove(@Param('id', attachmentIdPipe) id: string): Promise<void> {
    const outcome = await this.store.deleteUnsent(id);
    if (outcome === 'missing') throw AppError.notFound('Attachment');
    if (outcome === 'sent')
      throw new AppError('CONFLICT', 'This attachment was sent with a message and stays with it.');
  }
}
