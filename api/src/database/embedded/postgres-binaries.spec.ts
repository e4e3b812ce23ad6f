import { execFileSync } from 'node:child_process';
import { findPostgresBinaries } from './postgres-binaries';

describe(findPostgresBinaries.name, () => {
  it("finds PostgreSQL 18's server and initdb for this machine in npm's platform package", () => {
    const sut = findPostgresBinaries();
    expect(execFileSync(sut.postgres, ['--version'], { encoding: 'utf8' })).toMatch(/^postgres \(PostgreSQL\) 18\./);
    expect(execFileSync(sut.initdb, ['--version'], { encoding: 'utf8' })).toMatch(/^initdb \(PostgreSQL\) 18\./);
  });

  it('names a platform no package serves in one line that points to DATABASE_URL', () => {
    expect(() => findPostgresBinaries('sunos-sparc')).toThrow(
      'The embedded database has no PostgreSQL build for sunos-sparc (no npm package offers one); ' +
        'set DATABASE_URL to a PostgreSQL server.',
    );
  });

  it("says so when the platform's package was not installed", () => {
    const other = process.platform === 'darwin' ? 'linux-x64' : 'darwin-arm64';
    expect(() => findPostgresBinaries(other)).toThrow(
      /^The embedded database has no PostgreSQL build for .* is not installed\); set DATABASE_URL to a PostgreSQL server\.$/,
    );
  });
});
