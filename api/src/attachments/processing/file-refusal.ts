/**
 * A file the server will not keep, and why, in words a user can act on. `unsupported` is a kind of file
 * this product does not take (415); `unreadable` is a file of a kind it takes that could not be read:
 * corrupt, encrypted, empty, or past a parser's limits (422).
 */
export type FileRefusalReason = 'unsupported' | 'unreadable';

export class FileRefusal extends Error {
  constructor(
    readonly reason: FileRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'FileRefusal';
  }
}
