import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './bench-kit';

/**
 * Opt-in (BENCH_CPU_PROFILE=<directory>): a V8 CPU profile of the server over one run, taken through
 * cpu-profile-preload.cjs, kept as a .cpuprofile (Chrome DevTools opens it) and summarised here by
 * where the busy samples fall: which package, and which functions.
 */
export const cpuProfileDir = process.env.BENCH_CPU_PROFILE?.trim() || undefined;
export const cpuProfilePreload = join(__dirname, 'cpu-profile-preload.cjs');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

/** Starts the profiler in the server; the returned function stops it and resolves with the kept file. */
export function profileServer(pid: number, rawFile: string, keepAs: string): () => Promise<string> {
  process.kill(pid, 'SIGWINCH');
  return async () => {
    process.kill(pid, 'SIGWINCH');
    for (let i = 0; i < 200 && !existsSync(rawFile); i++) await sleep(50);
    if (!existsSync(rawFile)) throw new Error('the server wrote no CPU profile');
    renameSync(rawFile, keepAs);
    return keepAs;
  };
}

function codeOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native or builtin)';
  if (url.startsWith('node:')) return 'node core';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope, name] = url.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.includes('/api/dist/')) return 'our server (api/dist)';
  return url;
}

const share = (count: number, total: number) => `${((100 * count) / total).toFixed(1)}%`;

/** Lines to print: busy share, the packages and the functions that took the most busy samples. */
export function summarizeProfile(file: string, top = 12): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byCode = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    total += hits;
    if (node.callFrame.functionName === '(idle)') {
      idle += hits;
      continue;
    }
    const code = codeOf(node);
    byCode.set(code, (byCode.get(code) ?? 0) + hits);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? ` ${url.replace(/^.*node_modules\//, '').replace(/^.*\/api\/dist\//, 'api/dist/')}:${lineNumber + 1}`
      : '';
    const name = `${functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const busy = total - idle;
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `server CPU profile over ${seconds.toFixed(1)} s: busy in ${share(busy, total)} of the samples; of the busy samples:`,
    ...sorted(byCode).map(([code, hits]) => `  ${share(hits, busy).padStart(6)}  ${code}`),
    'hottest functions (self time, share of the busy samples):',
    ...sorted(byFunction).map(([name, hits]) => `  ${share(hits, busy).padStart(6)}  ${name}`),
  ];
}
