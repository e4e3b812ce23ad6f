import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh DATA_DIR in the system's temporary folder. mkdtemp makes it 0700; run as root (CI), the embedded
 * PostgreSQL runs as an unprivileged user who must be let through to its files below it (server-account.ts).
 */
export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o711);
  return dir;
}
