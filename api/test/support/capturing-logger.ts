import type { LoggerService } from '@nestjs/common';

/** A logger that keeps every line, for tests of what the server says in its log. */
export class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  private keep = (...parts: unknown[]) =>
    void this.lines.push(parts.map((p) => (p instanceof Error ? `${p.message} ${p.stack}` : String(p))).join(' '));
  log = this.keep;
  error = this.keep;
  warn = this.keep;
  debug = this.keep;
  verbose = this.keep;
  fatal = this.keep;
}
