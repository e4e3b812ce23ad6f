import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { schemas } from '../common/json-schema';
import { toolGrantsOf } from '../tools';
import { evalProblems } from './agent-evals';
import { knowledgeEntryProblem } from './knowledge-paths';

export const AGENT_SCHEMA_ID = 'agent.schema.json';

export interface AgentFileProblem {
  file: string;
  pointer: string;
  message: string;
}

export const formatAgentProblem = (problem: AgentFileProblem) =>
  `${problem.file}: ${problem.pointer || '/'}: ${problem.message}`;

export type AgentFileResult =
  | { ok: true; path: string; file: string; agent: AgentDefinition }
  | { ok: false; path: string; file: string; problems: AgentFileProblem[] };

export type LoadedAgentFile = Extract<AgentFileResult, { ok: true }>;

/** How files are named in messages: relative to the working directory when below it. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

export function listAgentFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

/** Reads and validates one file on its own: JSON syntax, the schema, id == file name, and its evals (agent-evals.ts). */
export function readAgentFile(path: string): AgentFileResult {
  const file = displayPath(path);
  const fail = (pointer: string, message: string): AgentFileResult => ({
    ok: false,
    path,
    file,
    problems: [{ file, pointer, message }],
  });
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail('', code ? `cannot be read (${code})` : `is not valid JSON: ${(error as Error).message}`);
  }
  const result = schemas.validate<AgentDefinition>(AGENT_SCHEMA_ID, data);
  if (!result.ok) return { ok: false, path, file, problems: result.problems.map((p) => ({ file, ...p })) };
  const expectedId = basename(path, '.json');
  if (result.value.id !== expectedId) return fail('/id', `must equal the file name "${expectedId}"`);
  if (result.value.input.attachments && result.value.input.attach !== 'upload')
    return fail('/input/attachments', 'applies only when input.attach is "upload"');
  const toolIssues = toolGrantsOf(result.value).problems;
  if (toolIssues.length) return fail('/tools', toolIssues.join('; '));
  for (const [index, entry] of (result.value.knowledge ?? []).entries()) {
    const problem = knowledgeEntryProblem(entry, dirname(path));
    if (problem) return fail(`/knowledge/${index}`, problem);
  }
  const evalIssues = evalProblems(result.value);
  if (evalIssues.length) return { ok: false, path, file, problems: evalIssues.map((p) => ({ file, ...p })) };
  return { ok: true, path, file, agent: result.value };
}

/**
 * Accepts agents in order and refuses one that claims a route another already has,
 * so two files can never both answer one URL.
 */
export function resolveRoutes(candidates: LoadedAgentFile[]): {
  accepted: LoadedAgentFile[];
  problems: AgentFileProblem[];
} {
  const owners = new Map<string, string>();
  const accepted: LoadedAgentFile[] = [];
  const problems: AgentFileProblem[] = [];
  for (const candidate of candidates) {
    const clashes = candidate.agent.routes
      .map((route, index) => ({ route, index, owner: owners.get(route) }))
      .filter((clash) => clash.owner);
    if (clashes.length) {
      problems.push(
        ...clashes.map((c) => ({
          file: candidate.file,
          pointer: `/routes/${c.index}`,
          message: `"${c.route}" is already the route of ${c.owner}`,
        })),
      );
      continue;
    }
    candidate.agent.routes.forEach((route) => owners.set(route, candidate.file));
    accepted.push(candidate);
  }
  return { accepted, problems };
}

/** Loads a whole directory; any problem means the set is not usable as it stands. */
export function loadAgentDirectory(dir: string): { agents: LoadedAgentFile[]; problems: AgentFileProblem[] } {
  let paths: string[];
  try {
    paths = listAgentFiles(dir);
  } catch (error) {
    return {
      agents: [],
      problems: [
        { file: displayPath(dir), pointer: '', message: `cannot be read (${(error as NodeJS.ErrnoException).code})` },
      ],
    };
  }
  const results = paths.map(readAgentFile);
  const { accepted, problems: routeProblems } = resolveRoutes(results.filter((r): r is LoadedAgentFile => r.ok));
  return {
    agents: accepted,
    problems: [...results.flatMap((r) => (r.ok ? [] : r.problems)), ...routeProblems],
  };
}
