import type { EvalResult } from './run-evals';

const REASON_WIDTH = 72;
const TOOLS_WIDTH = 48;

export const formatLatency = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

const formatTokens = (tokens: EvalResult['tokens']) => (tokens ? `${tokens.prompt}+${tokens.completion}` : '-');

const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/**
 * The tools a reply called, in the order first called: "calculator ×2, mcp:everything/echo (error)"; a call that
 * did not finish "done" says how it ended. "no tools" when it called none.
 */
export function toolsCalled(calls: NonNullable<EvalResult['toolCalls']>): string {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const name = call.status === 'done' ? call.tool : `${call.tool} (${call.status})`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  if (!counts.size) return 'no tools';
  return [...counts].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
}

/** One line as a case finishes: where the run is, and how that case went (with the tools it called, if it checks them). */
export function progressLine(result: EvalResult, done: number, total: number): string {
  const verdict = result.pass ? 'pass' : 'FAIL';
  const tools = result.toolCalls ? `, called ${toolsCalled(result.toolCalls)}` : '';
  return `[${done}/${total}] ${verdict} ${result.agent} › ${result.case} (${formatLatency(result.latencyMs)}${tools})`;
}

const RIGHT_ALIGNED = new Set(['latency', 'tokens']);

/**
 * The results as a plain-text table (reasons and tools clipped; the JSON report has them whole), then a summary
 * line. A `tools` column names the tools each reply called, when any case checks tool use.
 */
export function resultTable(results: EvalResult[]): string[] {
  const withTools = results.some((r) => r.toolCalls);
  const header = ['agent', 'case', 'result', 'reason', 'latency', 'tokens', ...(withTools ? ['tools'] : [])];
  const rows = results.map((r) => [
    r.agent,
    r.case,
    r.pass ? 'pass' : 'FAIL',
    clip(r.reason.replace(/\s+/g, ' '), REASON_WIDTH),
    r.reply === null ? '-' : formatLatency(r.latencyMs),
    formatTokens(r.tokens),
    ...(withTools ? [r.toolCalls ? clip(toolsCalled(r.toolCalls), TOOLS_WIDTH) : '-'] : []),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        RIGHT_ALIGNED.has(header[column]) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line), '', summaryLine(results)];
}

export function summaryLine(results: EvalResult[]): string {
  const failed = results.filter((r) => !r.pass).length;
  return `${results.length} case${results.length === 1 ? '' : 's'}: ${results.length - failed} passed, ${failed} failed`;
}

export interface EvalReport {
  startedAt: string;
  finishedAt: string;
  /** Where the models were called, without credentials or query. */
  server: string;
  concurrency: number;
  summary: { cases: number; passed: number; failed: number };
  results: EvalResult[];
}

export function evalReport(
  results: EvalResult[],
  run: { startedAt: Date; finishedAt: Date; server: string; concurrency: number },
): EvalReport {
  const passed = results.filter((r) => r.pass).length;
  return {
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    server: run.server,
    concurrency: run.concurrency,
    summary: { cases: results.length, passed, failed: results.length - passed },
    // Each case's verdict first, whatever order its fields were set in.
    results: results.map(
      ({ agent, case: name, pass, reason, model, reply, latencyMs, tokens, toolCalls, toolsUnavailable, toolStepsEnded, cited, judge }) => ({
        agent,
        case: name,
        pass,
        reason,
        model,
        reply,
        latencyMs,
        tokens,
        toolCalls,
        toolsUnavailable,
        toolStepsEnded,
        cited,
        judge,
      }),
    ),
  };
}
