import { readFile } from 'node:fs/promises';
import { type FileRefusal } from '../file-refusal';
import { refusals } from './document-refusals';

const COMPOUND_FILE_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');
/** A password-protected .docx (or .xlsx, .pptx) is a compound file holding a stream by this name. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
const MAX_SCANNED_BYTES = 64 * 1024 * 1024;

/**
 * Why an Office compound file (the old .doc/.xls/.ppt, or an encrypted Office document) is refused;
 * undefined for any other file.
 */
export async function compoundFileRefusal(path: string, head: Buffer, size: number): Promise<FileRefusal | undefined> {
  if (!head.subarray(0, COMPOUND_FILE_MAGIC.length).equals(COMPOUND_FILE_MAGIC)) return undefined;
  if (size <= MAX_SCANNED_BYTES && (await readFile(path)).includes(ENCRYPTED_PACKAGE))
    return refusals.passwordProtected('office');
  return refusals.legacyOffice();
}
