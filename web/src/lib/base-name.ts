/** The last part of a path, as a user names a file: "knowledge/care/labs.pdf" is "labs.pdf". */
export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || path;
}
