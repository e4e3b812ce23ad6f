import { readdirSync, readFileSync } from 'node:fs';

/** The process and all its descendants, from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(name)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

/** kB of a /proc/<pid>/smaps_rollup field. */
function rollup(pid: number, field: 'Rss' | 'Pss'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export interface Memory {
  /** The app's own resident memory. */
  appMb: number;
  /** App and database processes together, shared pages counted once (proportional set size). */
  treeMb: number;
  processes: number;
}

export function memoryOf(pid: number): Memory {
  const tree = processTree(pid);
  const sum = (pids: number[], field: 'Rss' | 'Pss') => pids.reduce((total, p) => total + rollup(p, field), 0) / 1024;
  return { appMb: rollup(pid, 'Rss') / 1024, treeMb: sum(tree, 'Pss'), processes: tree.length };
}

export const mb = (value: number) => `${value.toFixed(0).padStart(5)} MB`;
export const describeMemory = (memory: Memory) =>
  `app ${mb(memory.appMb)} RSS; app and database ${mb(memory.treeMb)} (PSS, ${memory.processes} processes)`;
