// Installs the job queue's schema (pg-boss, schema "pgboss") and its queues: part of `migrate`, run by the
// role that owns the schema, never by a gateway. pg-boss versions its own schema, so it is not one of our
// SQL migrations: pg-boss installs or migrates it here, including the index builds a pg-boss upgrade leaves
// to its background maintenance (BAM), which this waits for since no gateway runs it. A pg-boss 10 schema
// is set aside first and its unfinished jobs moved into the new queues (pg-boss-10-upgrade.ts).
import { Logger } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import { ADVISORY_LOCKS } from '../advisory-locks';
import { Database, Queryable } from '../database';
import { JOB_QUEUE_SCHEMA } from './job-queue';
import { JOB_QUEUES, JobQueueSpec, queuePolicy } from './job-queues';
import { movePgBoss10Jobs, setAsidePgBoss10Schema } from './pg-boss-10-upgrade';

const BAM_INTERVAL_SECONDS = 10;
const BAM_DEADLINE_MS = 10 * 60_000;

function executor(db: Queryable) {
  return { executeSql: (text: string, values?: unknown[]) => db.query(text, values) };
}

/** Installs or migrates the queue's schema and creates the queues, one process at a time; returns the pg-boss 10 jobs moved. */
export async function installJobQueue(db: Database, queues: readonly JobQueueSpec[] = JOB_QUEUES): Promise<number> {
  const logger = new Logger('JobQueue');
  // One process at a time: pg-boss takes its own lock inside its install transaction, but a process that
  // waited there could still see no schema and fail to create it again.
  return db.exclusively(ADVISORY_LOCKS.jobQueueInstall, async () => {
    await setAsidePgBoss10Schema(db, JOB_QUEUE_SCHEMA);
    const boss = new PgBoss({
      db: executor(db),
      schema: JOB_QUEUE_SCHEMA,
      migrate: true,
      supervise: false,
      schedule: false,
      registerInstance: false,
      bamIntervalSeconds: BAM_INTERVAL_SECONDS,
    });
    const errors: Error[] = [];
    boss.on('error', (error) => errors.push(error));
    await boss.start();
    try {
      await untilIndexesBuilt(boss, errors);
      for (const spec of queues) {
        if (await boss.getQueue(spec.name)) await boss.updateQueue(spec.name, queuePolicy(spec));
        else await boss.createQueue(spec.name, queuePolicy(spec));
      }
      const known = new Set(queues.map((q) => q.name));
      const moved = await movePgBoss10Jobs(db, async (tx, job) => {
        if (known.has(job.name)) await boss.send(job.name, job.data ?? {}, { db: executor(tx) });
        else logger.warn(`job queue: a pg-boss 10 job of the unknown queue ${job.name} was dropped`);
      });
      if (moved > 0) logger.log(`job queue: ${moved} unfinished jobs moved from the pg-boss 10 schema`);
      return moved;
    } finally {
      await boss.stop({ graceful: true, close: false, timeout: 5_000 });
    }
  });
}

/** Waits until pg-boss's background maintenance has run every command its migrations queued (none after a fresh install). */
async function untilIndexesBuilt(boss: PgBoss, errors: Error[]): Promise<void> {
  const deadline = Date.now() + BAM_DEADLINE_MS;
  for (;;) {
    const status = Object.fromEntries((await boss.getBamStatus()).map((row) => [row.status, row.count]));
    const waiting = (status.pending ?? 0) + (status.in_progress ?? 0) + (status.failed ?? 0);
    if (waiting === 0) return;
    if (Date.now() > deadline) {
      const last = errors.at(-1)?.message;
      throw new Error(
        `the job queue's schema migration did not finish (pg-boss commands ${JSON.stringify(status)}${last ? `; last error: ${last}` : ''}); run migrate again`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
