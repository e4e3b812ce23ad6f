import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { MessageSource } from '@mb/contracts/types/wire/chat-message';
import type { ChatMessageEntity, ChatSessionEntity } from '../sessions';

export const EXPORT_FORMATS = ['markdown', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The lossless JSON document: everything but ids, which an import gives anew. */
export function toChatExport(session: ChatSessionEntity, messages: ChatMessageEntity[], now = new Date()): ChatExport {
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
    messages: messages.map((m) => ({
      role: m.role,
      content: m.content,
      order: m.order,
      createdAt: m.createdAt.toISOString(),
      incomplete: m.incomplete,
      sources: m.sources ?? [],
      ...(m.usage && { usage: m.usage }),
      ...(m.provenance && { provenance: m.provenance }),
    })),
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

/** A readable Markdown rendering: the title, dates, each message under its speaker, sources as links. */
export function toMarkdown(session: ChatSessionEntity, messages: ChatMessageEntity[], now = new Date()): string {
  const lines = [
    `# ${session.title.replace(/\s+/g, ' ').trim()}`,
    '',
    `Started ${formatDate(session.createdAt)} · last changed ${formatDate(session.updatedAt)} · exported ${formatDate(now)}`,
    '',
  ];
  for (const message of messages) {
    lines.push('---', '', `**${speaker[message.role]}**`, '', message.content.trim() || '*(no text)*', '');
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
