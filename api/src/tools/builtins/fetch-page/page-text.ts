import { htmlToText, type PageText } from './html-to-text';

/** Which bodies are read as text, and how each kind becomes the text a model sees. */
export type TextKind = 'html' | 'plain';

const RENDERERS: Record<TextKind, (body: string, pageUrl: string) => PageText> = {
  html: htmlToText,
  plain: (body) => ({ text: body.replace(/\r\n?/g, '\n').trim() }),
};

export const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() || '';

/** The kind of a media type fetch_page reads, or undefined for images, PDFs, archives and other files. */
export function textKindOf(mediaType: string): TextKind | undefined {
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return 'html';
  if (mediaType.startsWith('text/')) return 'plain';
  if (/^application\/([\w.-]+\+)?(json|xml)$/.test(mediaType)) return 'plain';
  return undefined;
}

/** A body that came without a Content-Type: text when its start holds no NUL byte, HTML when it looks so. */
export function sniffTextKind(bytes: Buffer): TextKind | undefined {
  const start = bytes.subarray(0, 1024);
  if (start.includes(0)) return undefined;
  return /^\s*<(!doctype html|html|head|body)\b/i.test(start.toString('latin1')) ? 'html' : 'plain';
}

export function renderText(kind: TextKind, bytes: Buffer, contentType: string | undefined, pageUrl: string): PageText {
  return RENDERERS[kind](decode(bytes, contentType, kind), pageUrl);
}

/** The body's characters: its byte-order mark, else its declared charset (header, then HTML meta), else UTF-8. */
function decode(bytes: Buffer, contentType: string | undefined, kind: TextKind): string {
  const label =
    byteOrderMark(bytes) ??
    charsetIn(contentType ?? '') ??
    (kind === 'html' ? metaCharset(bytes.subarray(0, 1024).toString('latin1')) : undefined) ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function byteOrderMark(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

const charsetIn = (text: string) => /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text)?.[1];

const metaCharset = (head: string) => {
  const meta = /<meta\b[^>]*charset[^>]*>/i.exec(head);
  return meta ? charsetIn(meta[0]) : undefined;
};
