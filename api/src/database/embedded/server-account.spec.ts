import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockedOnTheWay, serverAccount, type ServerAccount } from './server-account';

describe(blockedOnTheWay.name, () => {
  const stranger: ServerAccount = { name: 'stranger', switchTo: { uid: 4_000_123, gid: 4_000_123 } };
  let root: string;

  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'mb-account-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the first folder another user may not enter on the way to a path', () => {
    mkdirSync(join(root, 'data', 'postgresql'), { recursive: true });
    chmodSync(root, 0o700);
    expect(blockedOnTheWay(stranger, join(root, 'data', 'postgresql'))).toBe(root);
  });

  it('lets the account through folders that let others pass (o+x), whatever they may read', () => {
    mkdirSync(join(root, 'data'));
    chmodSync(root, 0o711);
    chmodSync(join(root, 'data'), 0o711);
    expect(blockedOnTheWay(stranger, join(root, 'data'))).toBeUndefined();
  });

  it('has nothing to check when the server runs as this process’s own user', () => {
    chmodSync(root, 0o700);
    expect(blockedOnTheWay({ name: 'me' }, root)).toBeUndefined();
  });
});

describe(serverAccount.name, () => {
  it('runs the server as this user, or, for root, as an unprivileged one (PostgreSQL refuses root)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-account-'));
    try {
      const sut = serverAccount(dir);
      if (process.getuid?.() === 0) expect(sut.switchTo?.uid).not.toBe(0);
      else expect(sut.switchTo).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
