import { readFile } from 'node:fs/promises';
import { tokensOf } from '../../llm';
import { extractDocument, sniffDocument } from '../processing/document';
import { documentText } from '../reading-plan';
import type { AttachmentKindHandler, FileOnDisk } from './attachment-kind-handler';

/** A document read into text: what it was, its pages, and its text in labelled parts with what each costs a model. */
export interface ReadDocument {
  mediaType: string;
  pages?: number;
  parts: Array<{ label: string; page?: number; text: string; tokens: number }>;
}

/**
 * A file's text in labelled parts ("page 3", "section 2"), each with its tokens, or a FileRefusal: what a chat's
 * attachment keeps of a document, and what any other reader of documents can keep.
 */
export async function readDocument(file: FileOnDisk): Promise<ReadDocument> {
  const document = await extractDocument(file.path, file.name);
  return {
    mediaType: document.mediaType,
    ...(document.pages !== undefined && { pages: document.pages }),
    parts: document.parts.map((part) => ({ ...part, tokens: tokensOf(part.text) })),
  };
}

const LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'text/markdown': 'Markdown',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'text/plain': 'text',
};

/** Documents: read into text in labelled parts; the model reads them whole, or the parts that answer the question. */
export const documentKind: AttachmentKindHandler<'document'> = {
  kind: 'document',
  formats: 'documents (PDF, DOCX, text, Markdown, CSV, JSON, source code)',

  sniff: (head) => (sniffDocument(head) ? 'claimed' : undefined),

  async process(file) {
    const document = await readDocument(file);
    // The file as it came is kept: its text is what the model reads, never the file itself.
    return { ...document, content: await readFile(file.path) };
  },

  reading: 'parts',

  noRoom: (budgetTokens) =>
    `This message leaves no room for its documents in this assistant's model ` +
    `(it reads about ${budgetTokens.toLocaleString('en-US')} tokens at a time). Shorten the message.`,

  async modelView(files, stored) {
    const parts = await stored.parts(files.map((file) => file.id));
    return new Map(
      files.map((file) => {
        const chosen = file.readParts ? new Set(file.readParts) : undefined;
        const own = parts.filter((part) => part.attachmentId === file.id && (!chosen || chosen.has(part.ordinal)));
        const read = file.readSummary ?? 'the whole document';
        const view = { type: 'text', kind: 'document', id: file.id, name: file.name, read } as const;
        return [file.id, { ...view, text: documentText(own, read) }];
      }),
    );
  },

  served: 'attachment',

  exportLabel(file) {
    const pages = file.pages ? `, ${file.pages} ${file.pages === 1 ? 'page' : 'pages'}` : '';
    return `${LABELS[file.mediaType] ?? 'document'}${pages}${file.readSummary ? `; read: ${file.readSummary}` : ''}`;
  },
};
