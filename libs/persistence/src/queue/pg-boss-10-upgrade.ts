// pg-boss 11 and later cannot migrate the schema of pg-boss 10 (schema version 24; their migrations start
// at 25). A database from before the upgrade therefore has its old schema renamed out of the way before
// pg-boss installs its own, and the old schema's unfinished jobs are then sent again into the new queues.
// Both steps run in `migrate` (installJobQueue), under its lock (Database.exclusively), one process at a time.
import { Database, Queryable } from '../database';

export const PG_BOSS_10_SCHEMA = 'pgboss_v10';

export interface UnfinishedJob {
  name: string;
  data: object | null;
}

/** Before pg-boss installs its schema: renames a pg-boss 10 schema, once, whichever process comes first (under the install's lock). */
export async function setAsidePgBoss10Schema(db: Database, schema: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`${schema}.version`]);
    if (!rows[0].present) return;
    const version = await tx.query<{ version: number }>(`SELECT max(version)::int AS version FROM ${schema}.version`);
    if ((version.rows[0].version ?? 0) >= 25) return;
    await tx.query(`ALTER SCHEMA ${schema} RENAME TO ${PG_BOSS_10_SCHEMA}`);
  });
}

/**
 * After pg-boss installed its schema and the queues: hands each job of the old schema that had not finished (created, retry, or active
 * when its process stopped) to `resend` in one transaction with dropping the old schema, so each is moved once.
 */
export async function movePgBoss10Jobs(db: Database, resend: (tx: Queryable, job: UnfinishedJob) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ present: boolean }>('SELECT to_regnamespace($1) IS NOT NULL AS present', [PG_BOSS_10_SCHEMA]);
    if (!rows[0].present) return 0;
    const jobs = await tx.query<UnfinishedJob>(
      `SELECT name, data FROM ${PG_BOSS_10_SCHEMA}.job WHERE state IN ('created', 'retry', 'active') ORDER BY created_on, id`,
    );
    for (const job of jobs.rows) await resend(tx, job);
    await tx.query(`DROP SCHEMA ${PG_BOSS_10_SCHEMA} CASCADE`);
    return jobs.rows.length;
  });
}
