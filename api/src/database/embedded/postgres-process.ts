import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { PostgresBinaries } from './postgres-binaries';
import type { ServerAccount } from './server-account';
import { endServer, postmasterPid } from './leftover-server';

export const SUPERUSER = 'postgres';
const DATABASE = 'postgres';
/** The socket file's name is .s.PGSQL.<port>; nothing listens on a TCP port. */
const SOCKET_PORT = 5432;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const OUTPUT_LINES_KEPT = 20;

const isWindows = process.platform === 'win32';

/**
 * Runs the server as the watchdog's child, holding the app's end of a pipe on its standard input: when the
 * app closes it (a stop) or dies (kill -9 included), the watchdog stops the server with a fast shutdown, so
 * no server outlives its app. It ends with the server, with the server's exit status, and removes the
 * socket's folder (its first argument).
 */
const WATCHDOG = `
socket_dir=$1; shift
exec 3<&0
"$@" </dev/null &
server=$!
( while read -r _; do :; done; kill -INT "$server" 2>/dev/null ) <&3 &
watcher=$!
exec 3<&-
wait "$server"; status=$?
kill "$watcher" 2>/dev/null
rm -rf "$socket_dir"
exit $status`;

export interface ServerConnection {
  host: string;
  port: number;
  username: string;
  password: string;
  database: string;
}

export interface ServerSetup {
  binaries: PostgresBinaries;
  account: ServerAccount;
  clusterDir: string;
  /** A folder of the account's own (0700): the socket, and initdb's password file for its moment. */
  socketDir: string;
  password: string;
  maxConnections: number;
}

export interface RunningServer {
  connection: ServerConnection;
  /** Resolves with the exit code when the server ends, for whatever reason. */
  ended: Promise<number | null>;
  /** The server's last lines of output, for a message about why it failed. */
  output(): string;
  stop(): Promise<void>;
}

/** What the server processes see: no secret of the app's, messages in English. */
function serverEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C' };
  for (const name of ['PATH', 'TZ', 'SystemRoot', 'TEMP', 'TMP']) if (process.env[name]) env[name] = process.env[name];
  return env;
}

function keepOutput(child: ChildProcess): () => string {
  const lines: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line.trim()));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES_KEPT));
  });
  return () => [...lines, partial].filter((line) => line.trim()).join('\n');
}

/** Creates the cluster: the superuser with the generated password, UTF-8 with PostgreSQL's own Unicode locale. */
export async function initCluster(setup: Omit<ServerSetup, 'maxConnections'>): Promise<void> {
  const passwordFile = join(setup.socketDir, 'initdb-password');
  writeFileSync(passwordFile, `${setup.password}\n`, { mode: 0o600 });
  try {
    if (setup.account.switchTo) chownSync(passwordFile, setup.account.switchTo.uid, setup.account.switchTo.gid);
    const child = spawn(
      setup.binaries.initdb,
      [
        `--pgdata=${setup.clusterDir}`,
        `--username=${SUPERUSER}`,
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      { env: serverEnvironment(), stdio: ['ignore', 'ignore', 'pipe'], ...setup.account.switchTo },
    );
    const output = keepOutput(child);
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${output()}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function serverArguments(setup: ServerSetup, port: number): string[] {
  const settings = {
    // Only this machine reaches it: a socket in a folder of the server's account, or (Windows) loopback.
    listen_addresses: isWindows ? '127.0.0.1' : '',
    unix_socket_directories: isWindows ? '' : setup.socketDir,
    unix_socket_permissions: '0700',
    port: String(port),
    max_connections: String(setup.maxConnections),
    // Failed statements are expected (a unique index deciding a race): only what stops the server is news.
    log_min_messages: 'fatal',
  };
  return ['-D', setup.clusterDir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function untilReady(connection: ServerConnection, server: RunningServer): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  let exited: number | null | undefined;
  void server.ended.then((code) => (exited = code));
  for (;;) {
    const client = new Client({ ...connection, user: connection.username });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (exited !== undefined) throw new Error(`the server ended (exit code ${exited}): ${server.output()}`);
      if (performance.now() > deadline)
        throw new Error(`the server did not accept connections within a minute (${(error as Error).message})`);
    }
    await sleep(25);
  }
}

/** Starts the server on an existing cluster and resolves once it accepts connections. */
export async function startServer(setup: ServerSetup): Promise<RunningServer> {
  const port = isWindows ? await freeLoopbackPort() : SOCKET_PORT;
  const args = serverArguments(setup, port);
  const child = isWindows
    ? spawn(setup.binaries.postgres, args, { env: serverEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn('/bin/sh', ['-c', WATCHDOG, 'watchdog', setup.socketDir, setup.binaries.postgres, ...args], {
        env: serverEnvironment(),
        stdio: ['pipe', 'ignore', 'pipe'],
        // Its own process group: a Ctrl-C in the terminal reaches the app, which then stops the server in order.
        detached: true,
        ...setup.account.switchTo,
      });
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const connection: ServerConnection = {
    host: isWindows ? '127.0.0.1' : setup.socketDir,
    port,
    username: SUPERUSER,
    password: setup.password,
    database: DATABASE,
  };
  let stopping: Promise<void> | undefined;
  const server: RunningServer = {
    connection,
    ended,
    output: keepOutput(child),
    stop() {
      stopping ??= (async () => {
        const serverPid = postmasterPid(setup.clusterDir)?.pid;
        if (isWindows) {
          await promisify(execFile)(join(setup.binaries.root, 'bin', 'pg_ctl.exe'), [
            'stop',
            '-D',
            setup.clusterDir,
            '-m',
            'fast',
          ]).catch(() => child.kill());
        } else {
          child.stdin?.end();
        }
        const late = new AbortController();
        const timer = sleep(STOP_TIMEOUT_MS, 'late' as const, { signal: late.signal }).catch(() => 'ended' as const);
        const outcome = await Promise.race([ended, timer]);
        late.abort();
        if (outcome === 'late') {
          if (serverPid) await endServer(serverPid, 'SIGKILL', 5_000);
          child.kill('SIGKILL');
          await ended;
        }
      })();
      return stopping;
    },
  };
  try {
    await untilReady(connection, server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
