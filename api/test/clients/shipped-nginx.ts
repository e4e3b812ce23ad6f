import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/config/repo-paths';
import { eventually } from '../support/eventually';
import { freePort } from '../support/server-process';

/** Debian's nginx (apt-get install nginx), unmodified; CI names it in NGINX. */
export function nginxBinary(): string {
  const nginx = process.env.NGINX?.trim();
  if (!nginx || !existsSync(nginx))
    throw new Error('NGINX must name an nginx binary (apt-get install nginx: /usr/sbin/nginx)');
  return nginx;
}

/** One request as nginx logged it: which replica answered it, and for which client. */
export interface ProxiedRequest {
  method: string;
  path: string;
  status: number;
  /** The replica's address, 127.0.0.1:port. */
  upstream: string;
  userAgent: string;
}

export interface ShippedNginx {
  baseUrl: string;
  /** The requests nginx has answered so far, oldest first. */
  requests(): ProxiedRequest[];
  output(): string;
  stop(): Promise<void>;
}

function replaceOnce(text: string, from: string, to: string): string {
  if (text.split(from).length !== 2) throw new Error(`deploy/nginx.conf no longer has exactly one "${from}"`);
  return text.replace(from, to);
}

/**
 * deploy/nginx.conf itself, changed only where the machine differs from docker compose: its upstream's
 * `server app:3000` becomes the given replicas, its `listen 3000` a free loopback port. Around it, what nginx
 * needs to run in a temporary directory (its pid, logs and temporary files), in the foreground.
 */
export async function startShippedNginx(replicaPorts: number[]): Promise<ShippedNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'mb-nginx-'));
  // Started as root, nginx's workers run as nobody: they must reach the temporary files here.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const shipped = readFileSync(join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
  const servers = replicaPorts.map((replica) => `server 127.0.0.1:${replica};`).join('\n    ');
  const site = replaceOnce(
    replaceOnce(shipped, 'server app:3000;', servers),
    'listen 3000;',
    `listen 127.0.0.1:${port};`,
  );
  writeFileSync(join(dir, 'app.conf'), site);
  const accessLog = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      'error_log stderr notice;',
      'events {}',
      'http {',
      `  log_format replicas '$request_method $uri $status $upstream_addr "$http_user_agent"';`,
      `  access_log ${accessLog} replicas;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(dir, `${kind}_temp`)};`,
      ),
      `  include ${join(dir, 'app.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(nginxBinary(), ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
      return listening();
    },
    'nginx listening',
    { timeoutMs: 10_000, intervalMs: 50 },
  );

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests: () =>
      (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [, method, path, status, upstream, userAgent] = /^(\S+) (\S+) (\d+) (\S+) "(.*)"$/.exec(line)!;
          return { method, path, status: Number(status), upstream, userAgent };
        }),
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
