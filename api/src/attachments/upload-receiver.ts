import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError } from '../common/app-error';
import { wellFormed } from '../common/safe-json';

export interface ReceivedFile {
  /** A temporary file of ours (random name in a private folder); removed by `discard`. */
  path: string;
  /** The name the user's file had: shown, never used as a path. */
  name: string;
  size: number;
}

/** Room for the multipart envelope around the file (boundaries, headers). */
const ENVELOPE_BYTES = 16 * 1024;
/** Busboy's defaults (1 MB per field, 2,000 header lines) are room for memory we never use: we read no fields. */
const LIMITS = { files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 16 } as const;

export const fileTooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', `This file is larger than ${formatBytes(maxBytes)}, the most this assistant takes.`);

const cutOff = () =>
  new AppError('VALIDATION_FAILED', 'The upload was cut off or malformed before the file ended. Try again.');

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * The name as a user would read it: no folders (some browsers send them), no control characters, bounded by
 * characters (never half of one). Half of a character (a name sent in UTF-16) becomes U+FFFD: the name is the
 * file's, not text the user typed, so it is repaired rather than refused.
 */
export function displayName(raw: string | undefined): string {
  const base = wellFormed(raw ?? '')
    .split(/[\\/]/)
    .pop()!;
  const clean = Array.from(base)
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim();
  return Array.from(clean).slice(0, 255).join('') || 'file';
}

/**
 * Streams one multipart file to a private temporary file, never holding it in memory and never reading past
 * `maxBytes`: a body that says it is larger is refused before a byte is read, and one that grows past the
 * limit is cut off there (its connection closed, so the rest is not read either). However the request ends
 * (cut off, malformed, the client gone) the answer is one refusal and nothing stays: no file, no open stream.
 */
export class UploadReceiver {
  private readonly dir = mkdtempSync(join(tmpdir(), 'mb-uploads-'));

  receive(req: Request, maxBytes: number): Promise<ReceivedFile> {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > maxBytes + ENVELOPE_BYTES) return Promise.reject(this.refuse(req, fileTooLarge(maxBytes)));
    if (!req.is('multipart/form-data'))
      return Promise.reject(
        this.refuse(
          req,
          new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a field named "file".'),
        ),
      );
    let parser: busboy.Busboy;
    try {
      // Browsers send a file's name as UTF-8; busboy would read it as Latin-1.
      parser = busboy({ headers: req.headers, limits: { ...LIMITS, fileSize: maxBytes }, defParamCharset: 'utf8' });
    } catch {
      return Promise.reject(
        this.refuse(req, new AppError('VALIDATION_FAILED', 'The upload could not be read as multipart/form-data.')),
      );
    }
    return new Promise<ReceivedFile>((resolve, reject) => {
      let settled = false;
      let out: WriteStream | undefined;
      let path = '';
      let name: string | undefined;
      let parsed = false;

      const fail = (error: AppError) => {
        if (settled) return;
        settled = true;
        req.unpipe(parser);
        // Also ends the file stream it feeds, with an error its listener below takes.
        parser.destroy();
        if (out) this.remove(out, path);
        reject(this.refuse(req, error));
      };
      const finishOnceWritten = () => {
        if (settled || !parsed || !out?.writableFinished) return;
        settled = true;
        if (out.bytesWritten === 0) {
          this.remove(out, path);
          return reject(new AppError('UNREADABLE_FILE', 'This file is empty.'));
        }
        resolve({ path, name: displayName(name), size: out.bytesWritten });
      };

      parser.on('file', (field, stream, info) => {
        // Every stream busboy hands out is listened to: its errors ("Unexpected end of form") are ours to answer.
        stream.on('error', () => fail(cutOff()));
        if (field !== 'file' || out) return void stream.resume();
        name = info.filename;
        path = join(this.dir, randomUUID());
        out = createWriteStream(path, { mode: 0o600, flags: 'wx' });
        out.on('error', () => fail(new AppError('INTERNAL', 'The upload could not be stored.')));
        out.on('finish', finishOnceWritten);
        stream.on('limit', () => fail(fileTooLarge(maxBytes)));
        stream.pipe(out);
      });
      // Past the one file a request carries: refused rather than a file silently left out.
      parser.on('filesLimit', () => fail(new AppError('TOO_MANY_FILES', 'Send one file per upload.')));
      parser.on('error', () => fail(cutOff()));
      parser.on('close', () => {
        parsed = true;
        if (!out) return fail(new AppError('VALIDATION_FAILED', 'Attach the file in a field named "file".'));
        finishOnceWritten();
      });
      // The client went away (a reset socket, a closed tab, the server's request timeout) before its body ended.
      req.on('close', () => {
        if (!req.complete) fail(cutOff());
      });
      req.pipe(parser);
    });
  }

  async discard(file: ReceivedFile): Promise<void> {
    await unlink(file.path).catch(() => undefined);
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Closes the file before removing it, so no descriptor stays open on a deleted file. */
  private remove(out: WriteStream, path: string): void {
    const unlinkIt = () => void unlink(path).catch(() => undefined);
    if (out.closed) return unlinkIt();
    out.once('close', unlinkIt);
    out.destroy();
  }

  /** The rest of a refused body is not read: the answer closes the connection. */
  private refuse(req: Request, error: AppError): AppError {
    req.res?.setHeader('Connection', 'close');
    return error;
  }
}
