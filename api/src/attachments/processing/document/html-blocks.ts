import { tidyText } from './split-text';

/** A paragraph, list item, table row or heading of a converted Word document. */
export interface TextBlock {
  heading: boolean;
  text: string;
}

const TAG_OR_TEXT = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|([^<]+)/g;
const HEADING = /^h[1-6]$/;
const PARAGRAPH = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The blocks of mammoth's HTML in reading order. A table row is one block, its cells joined by " | "
 * (a nested table's rows join the cell that holds them), so a table reads as text and nothing is lost.
 */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const rows: string[][] = [];
  const cells: string[] = [];
  let inline = '';
  const write = (text: string) => {
    if (cells.length) cells[cells.length - 1] += text;
    else inline += text;
  };
  const flush = (heading = false) => {
    const text = tidyText(inline);
    inline = '';
    if (text) blocks.push({ heading, text });
  };
  const endRow = (row: string) => {
    if (cells.length) write(` ${row} `);
    else if (row) blocks.push({ heading: false, text: row });
  };
  for (const [, closing, name, text] of html.matchAll(TAG_OR_TEXT)) {
    if (text !== undefined) {
      write(decodeEntities(text));
      continue;
    }
    const tag = name.toLowerCase();
    if (tag === 'br') write('\n');
    else if (tag === 'td' || tag === 'th') {
      if (!closing) cells.push('');
      else rows[rows.length - 1]?.push(tidyText(cells.pop() ?? ''));
    } else if (tag === 'tr') {
      if (!closing) rows.push([]);
      else endRow((rows.pop() ?? []).filter(Boolean).join(' | '));
    } else if (PARAGRAPH.has(tag)) {
      if (cells.length) write(' ');
      else flush(Boolean(closing) && HEADING.test(tag));
    }
  }
  flush();
  return blocks;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
