import type { AgentDefinition } from '@mb/contracts/types/agent';
import { knowledgeFilesOf } from '../agents';
import { readKnowledgeFile, refusalReason } from './indexing/read-knowledge-file';

/** One agent file's knowledge as `npm run agents:check` found it. */
export interface AgentKnowledgeCheck {
  /** The agent file, as its problems name it ("agents/care.json"). */
  file: string;
  /** Files that read fine, each counted once. */
  read: number;
  /** Entries that hold no file yet (an empty folder, or one of hidden files only): said plainly, not a problem. */
  empty: string[];
  /** "agents/care.json: /knowledge/0: knowledge/care/scan.pdf: why": a path that matches nothing or a file not read. */
  problems: string[];
}

/**
 * Reads every file the agents' `knowledge` names, one at a time, as the server's indexer does (the same listing and
 * readers), and says per agent how many read fine and which did not, with why. Nothing is stored; one agent's
 * unreadable file never stops the others' being read.
 */
export async function checkKnowledge(
  agents: Array<{ file: string; agent: AgentDefinition }>,
  agentsDir: string,
): Promise<AgentKnowledgeCheck[]> {
  const checks: AgentKnowledgeCheck[] = [];
  for (const { file, agent } of agents) {
    if (!agent.knowledge?.length) continue;
    const check: AgentKnowledgeCheck = { file, read: 0, empty: [], problems: [] };
    const seen = new Set<string>();
    for (const [index, entry] of agent.knowledge.entries()) {
      const where = `${file}: /knowledge/${index}`;
      const { files, problems } = knowledgeFilesOf({ knowledge: [entry] }, agentsDir);
      check.problems.push(...problems.map((problem) => `${where}: ${problem.name}: ${problem.message}`));
      if (!files.length && !problems.length) check.empty.push(`${where}: ${entry}: no files yet`);
      for (const known of files.filter((known) => !seen.has(known.name))) {
        seen.add(known.name);
        const why = await unreadable(known.path, known.name);
        if (why === undefined) check.read++;
        else check.problems.push(`${where}: ${known.name}: ${why}`);
      }
    }
    checks.push(check);
  }
  return checks;
}

/** Why the file cannot be read, or undefined when it reads as the server would keep it. */
async function unreadable(path: string, name: string): Promise<string | undefined> {
  try {
    await readKnowledgeFile(path, name);
    return undefined;
  } catch (error) {
    return refusalReason(error) ?? `an unexpected error: ${(error as Error).message}`;
  }
}
