import type { DataSource, EntityManager } from 'typeorm';

/** The rows of any statement (TypeORM answers UPDATE and DELETE as [rows, count] unless asked for its structured result). */
export async function rowsOf<T = unknown>(
  db: DataSource,
  manager: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<T[]> {
  const runner = manager.queryRunner ?? db.createQueryRunner();
  try {
    return (await runner.query(sql, parameters, true)).records as T[];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}
