import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_DIR, setPgliteFilesAside } from './pglite-upgrade';

describe(setPgliteFilesAside.name, () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mb-pglite-aside-'));
    mkdirSync(join(dataDir, PGLITE_DIR));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('moves the old files aside under a name stamped with the time it is given', () => {
    const aside = setPgliteFilesAside(dataDir, new Date(Date.UTC(2001, 0, 2, 3, 4, 5)));
    expect(aside).toBe(join(dataDir, `${PGLITE_DIR}.pglite-backup-20010102030405`));
    expect(existsSync(aside)).toBe(true);
    expect(existsSync(join(dataDir, PGLITE_DIR))).toBe(false);
  });
});
