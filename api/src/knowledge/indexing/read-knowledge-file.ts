import { basename } from 'node:path';
import { FileRefusal, readDocument } from '../../attachments';
import { type FileReading, filePassages } from './file-passages';

/**
 * A knowledge file read into passages by the attachments' document readers (PDF and DOCX in a bounded process of their
 * own): the one reading the server indexes and `npm run agents:check` tries. `name` is its name under AGENTS_DIR,
 * whose extension tells which kind of text a text file is.
 */
export async function readKnowledgeFile(path: string, name: string): Promise<FileReading> {
  return filePassages(await readDocument({ path, name: basename(name) }));
}

/** Why the file was refused, in words its owner can act on; undefined for an error that is no refusal (a fault). */
export const refusalReason = (error: unknown): string | undefined =>
  error instanceof FileRefusal ? error.message : undefined;
