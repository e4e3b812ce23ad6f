import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { binariesUnder, type PostgresBinaries } from './postgres-binaries';

/** Who the PostgreSQL processes run as: this process's own user, or (when it is root) an unprivileged one. */
export interface ServerAccount {
  name: string;
  /** Set only when the server must run as another user than this process. */
  switchTo?: { uid: number; gid: number };
}

const UNPRIVILEGED_ACCOUNT = 'nobody';
const COMPLETE_MARK = '.complete';

function accountNamed(name: string): { uid: number; gid: number } | undefined {
  const passwd = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8') : '';
  const fields = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((entry) => entry[0] === name);
  return fields ? { uid: Number(fields[2]), gid: Number(fields[3]) } : undefined;
}

function nameOf(uid: number): string {
  const passwd = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8') : '';
  return (
    passwd
      .split('\n')
      .find((line) => line.split(':')[2] === String(uid))
      ?.split(':')[0] ?? `uid ${uid}`
  );
}

/**
 * PostgreSQL refuses to run as root (Docker, CI). Then it runs as the owner of DATA_DIR when that is another
 * user (chown the directory to choose one), else as "nobody".
 */
export function serverAccount(dataDir: string): ServerAccount {
  if (process.getuid?.() !== 0) return { name: userInfo().username };
  const owner = statSync(dataDir).uid;
  if (owner !== 0) return { name: nameOf(owner), switchTo: { uid: owner, gid: statSync(dataDir).gid } };
  const nobody = accountNamed(UNPRIVILEGED_ACCOUNT);
  if (!nobody)
    throw new Error(
      `PostgreSQL does not run as root and this machine has no "${UNPRIVILEGED_ACCOUNT}" account to run it as: ` +
        'run the app as another user, chown DATA_DIR to one, or set DATABASE_URL.',
    );
  return { name: UNPRIVILEGED_ACCOUNT, switchTo: nobody };
}

function mayEnter(account: { uid: number; gid: number }, dir: string): boolean {
  const { uid, gid, mode } = statSync(dir);
  if (uid === account.uid) return (mode & 0o100) !== 0;
  if (gid === account.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/** The first folder on the way to `path` the account may not enter, if any. */
export function blockedOnTheWay(account: ServerAccount, path: string): string | undefined {
  const { switchTo } = account;
  if (!switchTo) return undefined;
  const folders: string[] = [];
  for (let dir = path; ; dir = dirname(dir)) {
    folders.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  return folders.find((dir) => existsSync(dir) && !mayEnter(switchTo, dir));
}

/**
 * DATA_DIR as the account needs it: a root-owned DATA_DIR only lets others through (0711; its secrets stay
 * 0600), and every folder above it must let the account pass, which only an administrator may change.
 */
export function prepareDataDir(account: ServerAccount, dataDir: string): void {
  if (!account.switchTo) return;
  if (statSync(dataDir).uid === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const blocked = blockedOnTheWay(account, dataDir);
  if (blocked)
    throw new Error(
      `PostgreSQL does not run as root, so the embedded database runs as "${account.name}", who cannot enter ` +
        `${blocked}: run the app as another user, give that folder o+x, move DATA_DIR, or set DATABASE_URL.`,
    );
}

/** A folder created for the account alone (mode 0700). */
export function makeOwnedDir(account: ServerAccount, dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (account.switchTo) chownSync(dir, account.switchTo.uid, account.switchTo.gid);
}

/**
 * The binaries where the account can run them: in place, or (a checkout in a folder closed to others) copied
 * once to a root-owned folder in the system's temporary directory.
 */
export function reachableBinaries(account: ServerAccount, binaries: PostgresBinaries): PostgresBinaries {
  if (!blockedOnTheWay(account, binaries.root)) return binaries;
  const { size, mtimeMs } = statSync(binaries.postgres);
  const copy = join(tmpdir(), `mb-postgres-${size}-${Math.round(mtimeMs)}`);
  const trusted = () =>
    existsSync(join(copy, COMPLETE_MARK)) && statSync(copy).uid === 0 && (statSync(copy).mode & 0o022) === 0;
  if (!trusted()) {
    if (existsSync(copy)) rmSync(copy, { recursive: true, force: true });
    const draft = `${copy}.${process.pid}`;
    cpSync(binaries.root, draft, { recursive: true, verbatimSymlinks: true });
    chmodSync(draft, 0o755);
    writeFileSync(join(draft, COMPLETE_MARK), '');
    try {
      renameSync(draft, copy);
    } catch (error) {
      rmSync(draft, { recursive: true, force: true });
      if (!trusted()) throw error; // else another process copied them at the same time
    }
  }
  return binariesUnder(copy);
}
