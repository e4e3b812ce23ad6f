import { refusals } from './document-refusals';
import { type DocumentLimits, type DocumentPart, type ExtractedDocument, extractedDocument } from './document-types';
import { checkDocxPackage } from './docx-package';
import { htmlBlocks, type TextBlock } from './html-blocks';
import { readInProcess } from './read-in-process';
import { groupSpans, numberedParts, sectionLabel } from './split-text';

/** Blocks are counted as paragraphs, a table row as one. */
const PARAGRAPHS = { one: 'paragraph', many: 'paragraphs' };
const BEFORE_HEADINGS = 'start of the document';

/** A Word document's parts: a section per heading ("section “Results”"), or paragraphs by size if it has none. */
export async function docxDocument(path: string, limits: DocumentLimits): Promise<ExtractedDocument> {
  await checkDocxPackage(path, limits);
  const { html } = await readInProcess({ kind: 'docx', path }, limits);
  const blocks = htmlBlocks(html);
  if (!blocks.length) throw refusals.noText('docx');
  return extractedDocument(
    'docx',
    blocks.some((block) => block.heading) ? sectionParts(blocks) : paragraphParts(blocks),
  );
}

function paragraphParts(blocks: TextBlock[]): DocumentPart[] {
  return groupSpans(
    blocks.map((block, i) => ({ text: block.text, first: i + 1, last: i + 1 })),
    PARAGRAPHS,
  );
}

/** A heading straight after another joins its section, so "Results" then "Blood count" is one section. */
function sectionParts(blocks: TextBlock[]): DocumentPart[] {
  const sections: { title?: string; lines: string[]; hasBody: boolean }[] = [];
  for (const block of blocks) {
    const current = sections[sections.length - 1];
    if (block.heading && current?.title !== undefined && !current.hasBody) {
      current.title = block.text;
      current.lines.push(block.text);
    } else if (block.heading || !current) {
      sections.push({ title: block.heading ? block.text : undefined, lines: [block.text], hasBody: !block.heading });
    } else {
      current.lines.push(block.text);
      current.hasBody = true;
    }
  }
  return sections.flatMap(({ title, lines }) =>
    numberedParts(title === undefined ? BEFORE_HEADINGS : sectionLabel(title), lines.join('\n')),
  );
}
