import { decodeEntities } from './html-entities';
import { BLOCK_GAP, DROPPED, RAW_TEXT } from './html-elements';
import { findTag, HREF, TAG_NAME, tagEnd } from './html-tags';

/**
 * An HTML page as the text a reader sees: headings, paragraphs, list items and table rows on their own lines,
 * links as "text (url)", and nothing of scripts, styles, navigation, images or the head but the title. A small
 * scanner rather than a DOM: it never needs the tree, only the order of tags and text. Every scan moves forward
 * only (no regular expression that can backtrack over the page), so a hostile page costs linear time.
 */
export interface PageText {
  title?: string;
  text: string;
}

export function htmlToText(html: string, pageUrl: string): PageText {
  return { title: titleOf(html), text: new TextExtractor(html, pageUrl).run() };
}

function titleOf(html: string): string | undefined {
  const open = findTag(html, 'title', 0);
  if (!open) return undefined;
  const close = findTag(html, 'title', open.end, '/');
  const title = collapse(decodeEntities(html.slice(open.end, close?.start ?? open.end))).trim();
  return title || undefined;
}

const collapse = (text: string) => text.replace(/[ \t\n\r\f]+/g, ' ');

class TextExtractor {
  private readonly out = new TextWriter();
  private readonly lists: { ordered: boolean; count: number }[] = [];
  private readonly links: { url: string | undefined; start: number }[] = [];
  private preformatted = 0;
  /** Dropped elements found unclosed once: searching again for their end would make a hostile page quadratic. */
  private readonly unclosed = new Set<string>();

  /** What an element does when it opens and closes, beyond its BLOCK_GAP. */
  private readonly elements = new Map<string, { open?: (attributes: string) => void; close?: () => void }>(
    Object.entries({
      br: { open: () => this.out.lineBreak(), close: () => this.out.lineBreak() },
      td: { open: () => this.out.cell() },
      th: { open: () => this.out.cell() },
      pre: {
        open: () => {
          this.out.breakLine(2);
          this.preformatted++;
        },
        close: () => {
          this.preformatted = Math.max(0, this.preformatted - 1);
          this.out.breakLine(2);
        },
      },
      ul: { open: () => this.openList(false), close: () => this.closeList() },
      ol: { open: () => this.openList(true), close: () => this.closeList() },
      li: { open: () => this.openItem(), close: () => this.out.breakLine(1) },
      a: { open: (attributes) => this.openLink(attributes), close: () => this.closeLink() },
      ...Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((level) => [
          `h${level}`,
          { open: () => this.out.startLine(2, `${'#'.repeat(level)} `), close: () => this.out.breakLine(2) },
        ]),
      ),
    }),
  );

  constructor(
    private readonly html: string,
    private readonly pageUrl: string,
  ) {}

  run(): string {
    const { html } = this;
    let at = 0;
    while (at < html.length) {
      const open = html.indexOf('<', at);
      if (open === -1) {
        this.text(html.slice(at));
        break;
      }
      if (open > at) this.text(html.slice(at, open));
      at = this.markup(open);
    }
    return this.out.toString();
  }

  /** Reads the markup at `start` (a "<"), returning where the text after it begins. */
  private markup(start: number): number {
    const { html } = this;
    if (html.startsWith('<!--', start)) return endOf(html.indexOf('-->', start + 4), 3, html.length);
    if (html.startsWith('<!', start) || html.startsWith('<?', start)) {
      return endOf(html.indexOf('>', start), 1, html.length);
    }
    TAG_NAME.lastIndex = start;
    const tag = TAG_NAME.exec(html);
    if (!tag) {
      this.text('<');
      return start + 1;
    }
    const [opening, slash, rawName] = tag;
    const end = tagEnd(html, start + opening.length);
    const attributes = html.slice(start + opening.length, end - 1);
    const name = rawName.toLowerCase();
    if (slash) {
      this.closeElement(name);
      return end;
    }
    if (DROPPED.has(name)) return attributes.trimEnd().endsWith('/') ? end : this.skip(name, end);
    this.openElement(name, attributes);
    return end;
  }

  private openElement(name: string, attributes: string): void {
    const gap = BLOCK_GAP.get(name);
    if (gap) this.out.breakLine(gap);
    this.elements.get(name)?.open?.(attributes);
  }

  private closeElement(name: string): void {
    this.elements.get(name)?.close?.();
    const gap = BLOCK_GAP.get(name);
    if (gap) this.out.breakLine(gap);
  }

  /** Where a dropped element opened just before `from` ends; an unclosed one drops only its tag. */
  private skip(name: string, from: number): number {
    const { html } = this;
    if (RAW_TEXT.has(name)) return findTag(html, name, from, '/')?.end ?? html.length;
    if (this.unclosed.has(name)) return from;
    const tags = new RegExp(`<(/?)${name}(?=[\\s/>])`, 'gi');
    let depth = 1;
    for (let at = from; ;) {
      tags.lastIndex = at;
      const match = tags.exec(html);
      if (!match) break;
      at = tagEnd(html, match.index + match[0].length);
      if (match[1]) depth--;
      else if (html[at - 2] !== '/') depth++;
      if (depth === 0) return at;
    }
    this.unclosed.add(name);
    // A head may end where the body starts without saying so.
    if (name === 'head') return findTag(html, 'body', from)?.start ?? from;
    return from;
  }

  private text(raw: string): void {
    this.out.write(decodeEntities(raw), this.preformatted > 0);
  }

  private openList(ordered: boolean): void {
    this.out.breakLine(this.lists.length ? 1 : 2);
    this.lists.push({ ordered, count: 0 });
  }

  private closeList(): void {
    this.lists.pop();
    this.out.breakLine(this.lists.length ? 1 : 2);
  }

  private openItem(): void {
    const list = this.lists.at(-1);
    const indent = '  '.repeat(Math.max(0, this.lists.length - 1));
    this.out.startLine(1, list?.ordered ? `${indent}${++list.count}. ` : `${indent}- `);
  }

  private openLink(attributes: string): void {
    const href = HREF.exec(attributes);
    const raw = href && decodeEntities(href[1] ?? href[2] ?? href[3]).trim();
    this.links.push({ url: raw ? absoluteWebUrl(raw, this.pageUrl) : undefined, start: this.out.mark() });
  }

  private closeLink(): void {
    const link = this.links.pop();
    if (!link?.url) return;
    const text = this.out.since(link.start).trim();
    if (text && text !== link.url) this.out.append(` (${link.url})`);
  }
}

/** An http(s) link resolved against the page; in-page anchors and other schemes are not worth a model's time. */
function absoluteWebUrl(href: string, base: string): string | undefined {
  if (href.startsWith('#')) return undefined;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const endOf = (index: number, length: number, otherwise: number) => (index === -1 ? otherwise : index + length);

/** Collects text, owing line breaks, spaces, cell separators and line prefixes until text comes to pay them. */
class TextWriter {
  private readonly parts: string[] = [];
  private gap = 0;
  private space = false;
  private separator = '';
  private prefix = '';
  private lineHasText = false;

  write(text: string, preformatted: boolean): void {
    if (preformatted) {
      if (!text) return;
      this.flush();
      this.parts.push(text.replace(/\r\n?/g, '\n'));
      this.lineHasText = !text.endsWith('\n');
      return;
    }
    const collapsed = collapse(text);
    const words = collapsed.replace(/^ | $/g, '');
    if (collapsed.startsWith(' ')) this.space = true;
    if (!words) return;
    this.flush();
    this.parts.push(words);
    this.space = collapsed.endsWith(' ');
  }

  breakLine(gap: 1 | 2): void {
    this.gap = Math.max(this.gap, gap);
    this.space = false;
    this.separator = '';
  }

  lineBreak(): void {
    this.gap = this.lineHasText ? Math.max(this.gap, 1) : Math.min(2, this.gap + 1);
    this.lineHasText = false;
    this.space = false;
  }

  startLine(gap: 1 | 2, prefix: string): void {
    this.breakLine(gap);
    this.prefix = prefix;
  }

  cell(): void {
    if (this.lineHasText && !this.gap) this.separator = ' | ';
  }

  mark(): number {
    return this.parts.length;
  }

  since(mark: number): string {
    return this.parts.slice(mark).join('');
  }

  /** Text glued to what came before, such as a link's address. */
  append(text: string): void {
    this.parts.push(text);
  }

  toString(): string {
    return this.parts
      .join('')
      .replace(/\u00a0/g, ' ')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }

  private flush(): void {
    if (this.gap && this.parts.length) {
      this.parts.push('\n'.repeat(this.gap));
      this.lineHasText = false;
    } else if (this.lineHasText && (this.separator || this.space)) {
      this.parts.push(this.separator || ' ');
    }
    if (!this.lineHasText && this.prefix) this.parts.push(this.prefix);
    this.gap = 0;
    this.space = false;
    this.separator = '';
    this.prefix = '';
    this.lineHasText = true;
  }
}
