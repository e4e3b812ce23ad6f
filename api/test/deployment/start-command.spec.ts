import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/config/repo-paths';
import { serveCommand, serverNodeFlags } from '../support/server-process';

const read = (...path: string[]) => readFileSync(join(repoRoot, ...path), 'utf8');

/** Every way the server is started runs node with the same flags as `npm run serve` (what tests and benches run). */
describe('the server start command', () => {
  it('is node, then its flags, then the built server', () => {
    expect(serveCommand[0]).toBe('node');
    expect(serveCommand.at(-1)).toBe('api/dist/main.js');
  });

  it('keeps the heap it grew under load through quiet spells, so the next burst does not start on a shrunken one', () => {
    expect(serverNodeFlags).toContain('--no-memory-reducer');
  });

  it('starts with a young generation sized for a burst, not grown collection by collection during the first one', () => {
    expect(serverNodeFlags).toContain('--min-semi-space-size=16');
  });

  it('is the production image command, word for word', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(serveCommand);
  });

  it('gives the same flags to the watching dev server', () => {
    const dev = (JSON.parse(read('api', 'package.json')) as { scripts: { dev: string } }).scripts.dev;
    const node = dev.split('&&').at(-1)!.trim().split(/\s+/);
    expect(node.slice(1).filter((word) => !word.startsWith('--watch'))).toEqual([...serverNodeFlags, 'dist/main.js']);
  });
});
