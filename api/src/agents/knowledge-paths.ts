import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import type { AgentDefinition } from '@mb/contracts/types/agent';

/** One file an agent knows: where it is, and its name under AGENTS_DIR ("knowledge/care/labs.pdf"), which sources show. */
export interface KnowledgeFile {
  path: string;
  name: string;
}

/** A knowledge path, or a file under it, that cannot be read as the agent file says. */
export interface KnowledgeProblem {
  /** Its name under AGENTS_DIR. */
  name: string;
  message: string;
}

/** Files read for one agent at most: a folder holding more is read up to this many, and says so. */
export const MAX_KNOWLEDGE_FILES = 1000;

const slashed = (path: string) => path.split(sep).join('/');

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The folder's real path, or itself when it cannot be resolved (its absence is reported elsewhere). */
function realRoot(agentsDir: string): string {
  try {
    return realpathSync(agentsDir);
  } catch {
    return agentsDir;
  }
}

/**
 * What refuses an agent file's `knowledge` entry whatever the files hold: an absolute path, a path leaving the agents
 * folder, or one whose symbolic links lead out of it. A path that does not exist is not refused here: the agent
 * loads, and its page says the path is missing.
 */
export function knowledgeEntryProblem(entry: string, agentsDir: string): string | undefined {
  if (isAbsolute(entry) || /^[A-Za-z]:|^[/\\]/.test(entry)) return `"${entry}" must be relative to the agents folder`;
  const resolved = join(agentsDir, normalize(entry));
  if (!inside(agentsDir, resolved)) return `"${entry}" leaves the agents folder`;
  let real: string;
  try {
    real = realpathSync(resolved);
  } catch {
    return undefined;
  }
  return inside(realRoot(agentsDir), real) ? undefined : `"${entry}" is a link leading out of the agents folder`;
}

/**
 * The files an agent's `knowledge` names, in its order (a folder's files by name, subfolders included, hidden names
 * left out), each once; and what could not be read: a missing path, a link out of the agents folder, a folder
 * beyond MAX_KNOWLEDGE_FILES.
 */
export function knowledgeFilesOf(
  agent: Pick<AgentDefinition, 'knowledge'>,
  agentsDir: string,
): { files: KnowledgeFile[]; problems: KnowledgeProblem[] } {
  const root = realRoot(agentsDir);
  const files: KnowledgeFile[] = [];
  const problems: KnowledgeProblem[] = [];
  const seen = new Set<string>();
  let overflowed = false;
  const visit = (path: string, depth: number) => {
    const name = slashed(relative(agentsDir, path));
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      problems.push({ name, message: 'not found' });
      return;
    }
    if (!inside(root, real)) {
      problems.push({ name, message: 'is a link leading out of the agents folder: not read' });
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    const stat = statSync(real);
    if (stat.isFile()) {
      if (files.length < MAX_KNOWLEDGE_FILES) files.push({ path, name });
      else if (!overflowed) {
        overflowed = true;
        problems.push({ name, message: `more than ${MAX_KNOWLEDGE_FILES} files: this one and the rest are not read` });
      }
      return;
    }
    if (!stat.isDirectory() || depth > 16) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch (error) {
      problems.push({ name, message: `cannot be read (${(error as NodeJS.ErrnoException).code})` });
      return;
    }
    for (const entry of entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : 1)))
      visit(join(path, entry.name), depth + 1);
  };
  for (const entry of agent.knowledge ?? []) {
    if (knowledgeEntryProblem(entry, agentsDir)) continue;
    visit(join(agentsDir, normalize(entry)), 0);
  }
  return { files, problems };
}
