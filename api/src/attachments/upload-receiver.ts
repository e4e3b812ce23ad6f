import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError } from '../common/app-error';

export interface ReceivedFile {
  /** A temporary file of ours (random name in a private folder); removed by `discard`. */
  path: string;
  /** The name the user's file had: shown, never used as a path. */
  name: string;
  size: number;
}

/** Room for the multipart envelope around the file (boundaries, headers). */
const ENVELOPE_BYTES = 16 * 1024;

export const fileTooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', `This file is larger than ${formatBytes(maxBytes)}, the most this assistant takes.`);

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The name as a user would read it: no folders (some browsers send them), no control characters, bounded. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim();
  return clean.slice(0, 255) || 'file';
}

/**
 * Streams one multipart file to a private temporary file, never holding it in memory and never reading past
 * `maxBytes`: a body that says it is larger is refused before a byte is read, and one that grows past the
 * limit is cut off there (its connection closed, so the rest is not read either).
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

    return new Promise<ReceivedFile>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 4, parts: 5 } });
      } catch {
        reject(
          this.refuse(req, new AppError('VALIDATION_FAILED', 'The upload could not be read as multipart/form-data.')),
        );
        return;
      }
      let settled = false;
      let pending: Promise<ReceivedFile> | undefined;
      let pendingPath: string | undefined;
      const fail = (error: AppError, path?: string) => {
        if (settled) return;
        settled = true;
        req.unpipe(parser);
        if (path) void unlink(path).catch(() => undefined);
        reject(this.refuse(req, error));
      };

      parser.on('file', (field, stream, info) => {
        if (field !== 'file' || pending) {
          stream.resume();
          return;
        }
        const path = (pendingPath = join(this.dir, randomUUID()));
        const out = createWriteStream(path, { mode: 0o600 });
        let size = 0;
        stream.on('data', (chunk: Buffer) => (size += chunk.length));
        stream.on('limit', () => fail(fileTooLarge(maxBytes), path));
        stream.pipe(out);
        pending = new Promise<ReceivedFile>((done, broken) => {
          out.on('finish', () => done({ path, name: displayName(info.filename), size }));
          out.on('error', broken);
        });
      });
      // Past the one file a request carries: refused rather than a file silently left out.
      parser.on('filesLimit', () => fail(new AppError('TOO_MANY_FILES', 'Send one file per upload.'), pendingPath));
      parser.on('error', () => fail(new AppError('VALIDATION_FAILED', 'The upload was cut off or malformed.')));
      parser.on('close', () => {
        if (settled) return;
        if (!pending) return fail(new AppError('VALIDATION_FAILED', 'Attach the file in a field named "file".'));
        pending.then(
          (file) => {
            if (settled) return void this.discard(file);
            settled = true;
            if (file.size === 0) {
              void this.discard(file);
              return reject(new AppError('UNREADABLE_FILE', 'This file is empty.'));
            }
            resolve(file);
          },
          () => fail(new AppError('INTERNAL', 'The upload could not be stored.')),
        );
      });
      req.on('aborted', () => fail(new AppError('VALIDATION_FAILED', 'The upload was cut off.')));
      req.pipe(parser);
    });
  }

  async discard(file: ReceivedFile): Promise<void> {
    await unlink(file.path).catch(() => undefined);
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The rest of a refused body is not read: the answer closes the connection. */
  private refuse(req: Request, error: AppError): AppError {
    req.res?.setHeader('Connection', 'close');
    return error;
  }
}
