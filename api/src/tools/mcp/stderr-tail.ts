import { redact } from './connection-errors';

const KEPT_LINES = 10;
const LINE_CHARS = 300;

/**
 * The last few lines a child wrote to stderr, kept to say why it died; never logged whole, and with the
 * server's own secrets (its env values) blanked out.
 */
export class StderrTail {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly secrets: string[]) {}

  push(chunk: Buffer | string): void {
    const pieces = (this.partial + String(chunk)).split(/\r?\n/);
    this.partial = (pieces.pop() ?? '').slice(-LINE_CHARS * 4);
    for (const line of pieces) if (line.trim()) this.lines.push(line.trim().slice(0, LINE_CHARS));
    if (this.lines.length > KEPT_LINES) this.lines = this.lines.slice(-KEPT_LINES);
  }

  /** Forgets what was written so far (the start-up banner), so only what comes later can explain an exit. */
  clear(): void {
    this.lines = [];
    this.partial = '';
  }

  /** The last `count` lines on one line, or undefined when the child wrote nothing. */
  last(count = 3): string | undefined {
    const lines = [...this.lines, ...(this.partial.trim() ? [this.partial.trim().slice(0, LINE_CHARS)] : [])];
    if (!lines.length) return undefined;
    return redact(lines.slice(-count).join(' | '), this.secrets);
  }
}
