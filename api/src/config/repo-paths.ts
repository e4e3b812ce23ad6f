import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function findRepoRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'schemas', 'agent.schema.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the repository root (schemas/agent.schema.json) above ${start}`);
    dir = parent;
  }
  return dir;
}

// Resolved from this file, not the working directory, so `node api/dist/main.js`, jest and tsx agree.
export const repoRoot = findRepoRoot(resolve(__dirname));
export const schemasDir = join(repoRoot, 'schemas');
export const defaultAgentsDir = join(repoRoot, 'agents');
export const webDistDir = join(repoRoot, 'web', 'dist');
