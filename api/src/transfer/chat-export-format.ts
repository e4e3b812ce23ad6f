import type { ChatExport, ChatExportAttachment } from '@mb/contracts/types/wire/chat-export';
import type { MessageSource, ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import { exportLabel, type TransferredFile } from '../attachments';
import type { ChatMessageEntity, ChatSessionEntity } from '../sessions';

export const EXPORT_FORMATS = ['markdown', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A message's files, by message id. */
export type FilesByMessage<File> = ReadonlyMap<string, readonly File[]>;

const toExportedFile = (file: TransferredFile): ChatExportAttachment => ({
  kind: file.kind,
  name: file.name,
  mediaType: file.mediaType,
  data: file.bytes.toString('base64'),
  ...(file.width !== null && { width: file.width }),
  ...(file.height !== null && { height: file.height }),
  ...(file.pages !== null && { pages: file.pages }),
  ...(file.readSummary !== null && { read: file.readSummary }),
  ...(file.readParts !== null && { readParts: file.readParts }),
});

/** The lossless JSON document: everything but ids, which an import gives anew; files with their bytes. */
export function toChatExport(
  session: ChatSessionEntity,
  messages: ChatMessageEntity[],
  files: FilesByMessage<TransferredFile>,
  now: Date,
): ChatExport {
  return {
    version: 1,
    exportedAt: now.toISOString(),
    session: {
      title: session.title,
      agentType: session.agentType,
      systemPrompt: session.systemPrompt,
      summary: session.summary,
      summaryThrough: session.summaryThrough,
      persona: session.persona,
      createdAt: session.createdAt.toISOString(),
      updatedAt: session.updatedAt.toISOString(),
    },
    messages: messages.map((m) => {
      const attached = files.get(String(m.id)) ?? [];
      return {
        role: m.role,
        content: m.content,
        ...(attached.length && { attachments: attached.map(toExportedFile) }),
        order: m.order,
        createdAt: m.createdAt.toISOString(),
        incomplete: m.incomplete,
        sources: m.sources ?? [],
        ...(m.toolCalls?.length && { toolCalls: m.toolCalls }),
        ...(m.usage && { usage: m.usage }),
        ...(m.provenance && { provenance: m.provenance }),
      };
    }),
  };
}

const speaker: Record<ChatMessageEntity['role'], string> = { user: 'You', assistant: 'Assistant', system: 'System' };

/** "2026-11-23 06:50 UTC": the same whoever reads it. */
const formatDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Brackets would end a link's text early; a title is one line. */
const linkText = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/[[\]\\]/g, (c) => `\\${c}`)
    .trim() || 'Source';
/** Only web addresses become links; parentheses and spaces are escaped so the link stays whole. */
const linkTarget = (link: string) =>
  encodeURI(decodeURIComponentSafe(link)).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function sourceLine(source: MessageSource, index: number): string {
  const isWeb = /^https?:\/\//i.test(source.link);
  return isWeb
    ? `${index + 1}. [${linkText(source.title)}](${linkTarget(source.link)})`
    : `${index + 1}. ${linkText(source.title)} (${source.link})`;
}

/** What a Markdown line says of a file: never its bytes, nor where it is. */
export type NamedFile = Pick<
  TransferredFile,
  'kind' | 'name' | 'mediaType' | 'width' | 'height' | 'pages' | 'readSummary'
>;

/**
 * A file's name as plain text: what Markdown would read as emphasis, code, a link or HTML is escaped, and so are
 * the starts of autolinks ("www.", an e-mail's "@"; a name has no slashes, so no "https://").
 */
const plainName = (name: string) =>
  name
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]<>~@!|#]/g, (c) => `\\${c}`)
    .replace(/(www)\./gi, '$1\\.');

const attachedLine = (file: NamedFile) => `Attached: ${plainName(file.name)} (${exportLabel(file)})`;

/** A tool call in one line: the tool and how it ended; its arguments and answer stay in the JSON export. */
const toolCallLine = (call: ToolCallRecord) =>
  `- ${plainName(call.tool)}: ${call.status}${call.durationMs !== undefined ? `, ${(call.durationMs / 1000).toFixed(1)} s` : ''}`;

/**
 * A readable Markdown rendering: the title, dates, each message under its speaker with a line naming each file
 * sent with it, sources as links.
 */
export function toMarkdown(
  session: ChatSessionEntity,
  messages: ChatMessageEntity[],
  files: FilesByMessage<NamedFile>,
  now: Date,
): string {
  const lines = [
    `# ${session.title.replace(/\s+/g, ' ').trim()}`,
    '',
    `Started ${formatDate(session.createdAt)} · last changed ${formatDate(session.updatedAt)} · exported ${formatDate(now)}`,
    '',
  ];
  for (const message of messages) {
    const attached = files.get(String(message.id)) ?? [];
    lines.push('---', '', `**${speaker[message.role]}**`, '');
    if (message.content.trim() || !attached.length) lines.push(message.content.trim() || '*(no text)*', '');
    for (const file of attached) lines.push(attachedLine(file), '');
    if (message.toolCalls?.length) lines.push('Tools called:', '', ...message.toolCalls.map(toolCallLine), '');
    if (message.incomplete) lines.push('*This reply is incomplete: it was cut short.*', '');
    const sources = message.sources ?? [];
    if (sources.length) lines.push('Sources:', '', ...sources.map(sourceLine), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A file name any system accepts, from the title: letters, digits, dashes; never empty. */
export function exportFileName(title: string, format: ExportFormat): string {
  const stem =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '')
      .toLowerCase() || 'chat';
  return `${stem}.${format === 'markdown' ? 'md' : 'json'}`;
}
