import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Clock, systemClock } from '../common/clock';
import { ConfigError, loadAppConfig } from '../config';
import { ModelClients } from '../llm';
import { formatAgentProblem, loadAgentDirectory } from './agent-files';
import { checksToolUse } from './evals/eval-checks';
import { checksCitations } from './evals/eval-citations';
import { EvalKnowledgeRefusal, openEvalKnowledge, type OpenedEvalKnowledge } from './evals/eval-knowledge';
import { OpenAIEvalModel } from './evals/eval-model';
import { evalReport, progressLine, resultTable } from './evals/eval-report';
import { openEvalTools } from './evals/eval-tools';
import { type EvalResult, type EvalTarget, runEvals } from './evals/run-evals';

export const EVAL_EXIT = { passed: 0, failed: 1, configuration: 2 } as const;

export interface EvalOutput {
  /** The table and the summary. */
  out(line: string): void;
  /** Progress and problems. */
  err(line: string): void;
}

const USAGE =
  'usage: npm run agents:eval -- [agent-id ...] [--concurrency 4] [--json report.json] [--judge-model name] [--agents-dir dir]';

const consoleOutput: EvalOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** Where calls go, for messages and the report: never the credentials or query a URL may hold. */
function serverName(baseUrl: string | undefined): string {
  if (!baseUrl) return 'api.openai.com (OpenAI)';
  const url = new URL(baseUrl);
  return `${url.host}${url.pathname.replace(/\/$/, '')}`;
}

/**
 * `npm run agents:eval [id...]`: runs the eval cases of the given agents (all when none) against the
 * configured OpenAI-compatible server. Resolves with the exit code: 0 all passed, 1 a case failed,
 * 2 the run could not start (arguments, configuration, agent files).
 */
export async function agentsEval(
  argv: string[],
  env: Record<string, string | undefined>,
  io: EvalOutput = consoleOutput,
  clock: Clock = systemClock,
): Promise<number> {
  const stop = (...lines: string[]) => {
    lines.forEach((line) => io.err(line));
    return EVAL_EXIT.configuration;
  };

  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    return stop(`agents:eval: ${(error as Error).message}`, USAGE);
  }
  const concurrency = Number(args.values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    return stop(`agents:eval: --concurrency must be a whole number from 1 to 64`, USAGE);
  }

  let config: ReturnType<typeof loadAppConfig>;
  try {
    // Evals need no access code or session secret: placeholders keep the loader from generating them in DATA_DIR.
    config = loadAppConfig({ ...env, ACCESS_CODE: 'unused-by-evals', SESSION_SECRET: 'unused-by-evals'.padEnd(32, '-') });
  } catch (error) {
    if (error instanceof ConfigError) return stop(...error.problems.map((p) => `agents:eval: ${p}`));
    throw error;
  }
  const server = serverName(config.openai.baseUrl);
  if (!config.openai.apiKey) {
    return stop(`agents:eval: OPENAI_API_KEY is not set; evals call the model at ${server} (OPENAI_BASE_URL) with it`);
  }

  const dir = args.values['agents-dir'] ? resolve(args.values['agents-dir']) : config.agentsDir;
  const { agents, problems } = loadAgentDirectory(dir);
  if (problems.length) {
    return stop(...problems.map(formatAgentProblem), 'agents:eval: fix the agent files first (npm run agents:check)');
  }
  const byId = new Map(agents.map(({ agent }) => [agent.id, agent]));
  const unknown = args.positionals.filter((id) => !byId.has(id));
  if (unknown.length) {
    return stop(`agents:eval: no agent ${unknown.map((id) => `"${id}"`).join(', ')} in ${dir} (agents: ${[...byId.keys()].join(', ')})`);
  }
  const chosen = args.positionals.length ? [...new Set(args.positionals)].map((id) => byId.get(id)!) : [...byId.values()];
  const targets: EvalTarget[] = chosen.flatMap((agent) => (agent.evals ?? []).map((evalCase) => ({ agent, evalCase })));
  if (!targets.length) {
    return stop(`agents:eval: no eval cases in ${chosen.map((a) => a.id).join(', ') || dir} (add "evals" to an agent file)`);
  }

  const model = new OpenAIEvalModel(new ModelClients(config), config.openai.timeoutMs);
  const withCases = new Set(targets.map((t) => t.agent.id)).size;
  io.err(`Running ${targets.length} eval cases of ${withCases} agent${withCases === 1 ? '' : 's'} against ${server}, ${concurrency} at a time`);
  const startedAt = clock.now();
  // Only cases that check citations read the agents' knowledge, so only they open the database it is read into.
  const citingAgents = [...new Set(targets.filter((t) => checksCitations(t.evalCase.expect)).map((t) => t.agent))];
  let knowledge: OpenedEvalKnowledge | undefined;
  try {
    knowledge = citingAgents.length
      ? await openEvalKnowledge({ ...config, agentsDir: dir }, citingAgents, (line) => io.err(line), clock)
      : undefined;
  } catch (error) {
    if (error instanceof EvalKnowledgeRefusal) return stop(`agents:eval: ${error.message}`);
    throw error;
  }
  let results: EvalResult[];
  try {
    // Only cases that check tool use are answered with tools, so only they start the MCP servers.
    const toolAgents = targets.filter((t) => checksToolUse(t.evalCase.expect)).map((t) => t.agent);
    const tools = toolAgents.length ? await openEvalTools(config, toolAgents, (line) => io.err(line), clock) : undefined;
    try {
      results = await runEvals(targets, model, {
        defaultModel: config.openai.model,
        judgeModel: args.values['judge-model'],
        concurrency,
        tools,
        knowledge,
        onResult: (result, done, total) => io.err(progressLine(result, done, total)),
      });
    } finally {
      await tools?.close();
    }
  } finally {
    await knowledge?.close();
  }
  const finishedAt = clock.now();
  resultTable(results).forEach((line) => io.out(line));

  if (args.values.json) {
    const file = resolve(args.values.json);
    try {
      writeFileSync(file, `${JSON.stringify(evalReport(results, { startedAt, finishedAt, server, concurrency }), null, 2)}\n`);
    } catch (error) {
      return stop(`agents:eval: cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    io.err(`Report written to ${file}`);
  }
  return results.every((r) => r.pass) ? EVAL_EXIT.passed : EVAL_EXIT.failed;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      concurrency: { type: 'string', default: '4' },
      json: { type: 'string' },
      'judge-model': { type: 'string' },
      'agents-dir': { type: 'string' },
    },
  });
}
