// Applies pending migrations, one transaction each, under an advisory lock so that
// several processes starting at once apply each migration exactly once; then installs the job queue's
// schema and queues (pg-boss versions its own schema: job-queue-install.ts). Run as the role that owns the
// schema: the gateways need not be able to change it.
import { ADVISORY_LOCKS } from './advisory-locks';
import { Database } from './database';
import { installJobQueue } from './job-queue-install';
import { JOB_QUEUES, JobQueueSpec } from './job-queues';
import { MIGRATIONS, Migration } from './migrations';

export async function migrate(db: Database, migrations: Migration[] = MIGRATIONS, jobQueues: readonly JobQueueSpec[] = JOB_QUEUES): Promise<Migration[]> {
  const applied = await applyMigrations(db, migrations);
  await installJobQueue(db, jobQueues);
  return applied;
}

async function applyMigrations(db: Database, migrations: Migration[]): Promise<Migration[]> {
  const client = await db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const pending = migrations.filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
    for (const migration of pending) {
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`);
      }
    }
    return pending;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
    client.release();
  }
}
