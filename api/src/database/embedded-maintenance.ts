import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** PostgreSQL's autovacuum defaults: act once this many rows plus this share of the table have changed. */
const VACUUM = { rows: 50, share: 0.2 };
const ANALYZE = { rows: 50, share: 0.1 };
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
/** The first pass waits until the boot's own work is done. */
const FIRST_PASS_AFTER_MS = 30_000;

interface TableActivity {
  relname: string;
  n_live_tup: string;
  n_dead_tup: string;
  n_mod_since_analyze: string;
}

export interface MaintenancePass {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * The embedded database runs PostgreSQL in single-user mode, which has no autovacuum: without this its
 * tables were never analyzed (the planner guessed every row count) and the rows left behind by a reply's
 * checkpoints, once a second while it streams, were never reclaimed. This does autovacuum's job with its
 * thresholds, one table at a time. PostgreSQL servers have their own autovacuum and never run this.
 */
export class EmbeddedMaintenance {
  private readonly logger = new Logger('Database');
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> | undefined;

  constructor(private readonly db: DataSource) {}

  start(intervalMs = MAINTENANCE_INTERVAL_MS, firstAfterMs = FIRST_PASS_AFTER_MS): void {
    const tick = () => {
      this.running ??= this.pass()
        .catch((error: Error) => this.logger.warn(`Maintenance of the embedded database failed: ${error.message}`))
        .finally(() => (this.running = undefined));
    };
    this.timers = [setTimeout(tick, firstAfterMs), setInterval(tick, intervalMs)];
    for (const timer of this.timers) timer.unref();
  }

  /** Stops the timers and waits for a pass in progress, so the database is never closed under it. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }

  async pass(): Promise<MaintenancePass> {
    // Counts of this very backend (single-user: the only one) reach the statistics views only when flushed.
    await this.db.query('SELECT pg_stat_force_next_flush()');
    const tables = await this.db.query<TableActivity[]>(
      `SELECT relname, n_live_tup, n_dead_tup, n_mod_since_analyze FROM pg_stat_user_tables WHERE schemaname = 'public'`,
    );
    const done: MaintenancePass = { vacuumed: [], analyzed: [] };
    for (const table of tables) {
      const live = Number(table.n_live_tup);
      const name = `"${table.relname.replaceAll('"', '""')}"`;
      if (Number(table.n_dead_tup) > VACUUM.rows + VACUUM.share * live) {
        await this.db.query(`VACUUM (ANALYZE) ${name}`);
        done.vacuumed.push(table.relname);
      } else if (Number(table.n_mod_since_analyze) > ANALYZE.rows + ANALYZE.share * live) {
        await this.db.query(`ANALYZE ${name}`);
        done.analyzed.push(table.relname);
      }
    }
    return done;
  }
}
