// A database whose job queue was installed by pg-boss 10 (schema version 24, which pg-boss 12 cannot
// migrate): the queue starts on it, each unfinished job runs once, a finished one never.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestDatabase, createTestDatabase, waitUntil } from '@gateway/testing';
import { JobQueue } from './job-queue';

describe('JobQueue on a database from pg-boss 10', () => {
  let database: TestDatabase;
  const queues: JobQueue[] = [];
  const handled: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.query(readFileSync(join(__dirname, 'pg-boss-10-schema.fixture.sql'), 'utf8'));
    await database.db.query(`SELECT pgboss.create_queue('upgrade-jobs', '{"policy":"standard","retryLimit":2,"expireInSeconds":60}'::json)`);
    await database.db.query(
      `INSERT INTO pgboss.job (name, data, state) VALUES ('upgrade-jobs', '{"label":"queued"}', 'created'), ('upgrade-jobs', '{"label":"retrying"}', 'retry'), ('upgrade-jobs', '{"label":"done"}', 'completed')`,
    );
  });

  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database.drop();
  });

  function newQueue(): JobQueue {
    const queue = new JobQueue(database.db, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 2000 });
    queue.define<{ label: string }>({ queue: 'upgrade-jobs', retryLimit: 2, expireInSeconds: 60, handle: async (data) => void handled.push(data.label) });
    queues.push(queue);
    return queue;
  }

  it('three replicas starting together migrate it once and run each unfinished job once', async () => {
    await Promise.all([newQueue().start(), newQueue().start(), newQueue().start()]);
    await waitUntil(() => handled.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.sort()).toEqual(['queued', 'retrying']);
    const { rows } = await database.db.query<{ version: number }>('SELECT max(version)::int AS version FROM pgboss.version');
    expect(rows[0].version).toBeGreaterThanOrEqual(46);
    const old = await database.db.query("SELECT to_regnamespace('pgboss_v10') AS schema");
    expect(old.rows[0].schema).toBeNull();
  });
});
