import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentViewer, type Viewer } from '../access';
import { AppError } from '../common/app-error';
import { JsonBodyLimit } from '../common/json-body.guard';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ImportChatRequest } from '@mb/contracts/types/wire/import-chat-request';
import type { ImportChatResponse } from '@mb/contracts/types/wire/import-chat-response';
import { ChatAccess, sessionIdPipe, toSessionDto } from '../sessions';
import { EXPORT_FORMATS, exportFileName, type ExportFormat } from './chat-export-format';
import { ChatTransfer } from './chat-transfer.service';

function parseFormat(raw: unknown): ExportFormat {
  if (raw === undefined) return 'markdown';
  if (typeof raw === 'string' && (EXPORT_FORMATS as readonly string[]).includes(raw)) return raw as ExportFormat;
  throw AppError.validation([`format must be one of ${EXPORT_FORMATS.join(', ')}`]);
}

@Controller('chat')
export class ChatTransferController {
  constructor(
    private readonly transfer: ChatTransfer,
    private readonly access: ChatAccess,
  ) {}

  @Get('sessions/:id/export')
  @Answers({
    summary: 'Download a chat as Markdown (to read) or JSON (lossless, for POST /api/chat/import)',
    description:
      'An attachment named from the title. Markdown: the title, dates, each message under **You** or **Assistant** ' +
      'with a line naming each file sent with it, sources as links, incomplete replies marked. JSON: a ChatExport ' +
      "document (wire/chat-export.schema.json), each message's files with their stored bytes in base64.",
    query: { format: '`markdown` (default) or `json`.' },
    headers: { 'Content-Disposition': 'attachment, with a file name made from the title (.md or .json).' },
    content: {
      'text/markdown': 'The chat as Markdown.',
      'application/json': 'The chat as a ChatExport document (wire/chat-export.schema.json).',
    },
    errors: ['NOT_FOUND'],
  })
  async export(
    @Param('id', sessionIdPipe) id: string,
    @Query('format') format: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string | ChatExport> {
    const chosen = parseFormat(format);
    const { session, body } = await this.transfer.export(id, chosen);
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(session.title, chosen)}"`);
    res.setHeader('Cache-Control', 'no-store');
    if (chosen === 'markdown') res.type('text/markdown; charset=utf-8');
    return body;
  }

  @Post('import')
  // Files travel in base64 (4/3 of their size): 200 MB carries 150 MB of them, six documents at the default
  // UPLOAD_MAX_BYTES or hundreds of processed photos, while bounding what one import holds in memory as it is parsed.
  @JsonBodyLimit('200mb')
  @Answers({
    summary: 'Bring back a chat exported as JSON, as a new chat',
    description:
      'New ids; the same title, persona, messages, orders and texts. Refused with 400 when the document does not ' +
      "follow its schema, names an agent this server does not have, or repeats a message's order. Every file is " +
      "processed again as an upload to the chat's agent is (judged by its bytes, never its stated type); one refused " +
      "refuses the import with the upload's error, naming its message and file, and nothing is stored. A source " +
      'whose link is not a web address (http or https: never javascript: or data:) is left out, and `leftOut` ' +
      'names it; the rest is imported. Bodies up to 200 MB. Once people are configured the new chat is the ' +
      "importer's, private; an agent meant for someone else is refused (403).",
    json: 'wire/import-chat-response',
    errors: ['FILE_TOO_LARGE', 'UNSUPPORTED_FILE', 'UNREADABLE_FILE', 'TOO_MANY_FILES', 'FORBIDDEN'],
  })
  async import(
    @Body(validBody('import-chat-request')) body: ImportChatRequest,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ImportChatResponse> {
    const { session, leftOut } = await this.transfer.import(body, viewer);
    return { ...toSessionDto(session, this.access.sharingOf(viewer, session)), leftOut };
  }
}
