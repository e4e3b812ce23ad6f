import type { EvalResult } from './run-evals';

const REASON_WIDTH = 72;

export const formatLatency = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

const formatTokens = (tokens: EvalResult['tokens']) => (tokens ? `${tokens.prompt}+${tokens.completion}` : '-');

const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/** One line as a case finishes: where the run is, and how that case went. */
export function progressLine(result: EvalResult, done: number, total: number): string {
  const verdict = result.pass ? 'pass' : 'FAIL';
  return `[${done}/${total}] ${verdict} ${result.agent} › ${result.case} (${formatLatency(result.latencyMs)})`;
}

/** The results as a plain-text table (reasons clipped; the JSON report has them whole), then a summary line. */
export function resultTable(results: EvalResult[]): string[] {
  const header = ['agent', 'case', 'result', 'reason', 'latency', 'tokens'];
  const rows = results.map((r) => [
    r.agent,
    r.case,
    r.pass ? 'pass' : 'FAIL',
    clip(r.reason.replace(/\s+/g, ' '), REASON_WIDTH),
    r.reply === null ? '-' : formatLatency(r.latencyMs),
    formatTokens(r.tokens),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column >= 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
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
    results: results.map(({ agent, case: name, pass, reason, model, reply, latencyMs, tokens, judge }) => ({
      agent,
      case: name,
      pass,
      reason,
      model,
      reply,
      latencyMs,
      tokens,
      judge,
    })),
  };
}
