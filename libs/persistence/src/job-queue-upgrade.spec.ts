// A database whose job queue was installed by pg-boss 10 (schema version 24, which pg-boss 12 cannot
// migrate): migrate installs pg-boss 12 beside it, and each unfinished job then runs once, a finished one never.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestDatabase, createTestDatabase, waitUntil } from '@gateway/testing';
import { JobQueue } from './job-queue';
import { installJobQueue } from './job-queue-install';

describe('migrate on a database from pg-boss 10', () => {
  let database: TestDatabase;
  let queue: JobQueue | undefined;
  const handled: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // The template was migrated with pg-boss 12: this database goes back to what pg-boss 10 left.
    await database.db.query('DROP SCHEMA pgboss CASCADE');
    await database.db.query(readFileSync(join(__dirname, 'pg-boss-10-schema.fixture.sql'), 'utf8'));
    await database.db.query(`SELECT pgboss.create_queue('upgrade-jobs', '{"policy":"standard","retryLimit":2,"expireInSeconds":60}'::json)`);
    await database.db.query(
      `INSERT INTO pgboss.job (name, data, state) VALUES ('upgrade-jobs', '{"label":"queued"}', 'created'), ('upgrade-jobs', '{"label":"retrying"}', 'retry'), ('upgrade-jobs', '{"label":"done"}', 'completed')`,
    );
  });

  afterAll(async () => {
    await queue?.stop();
    await database.drop();
  });

  it('three migrations at once install it once, move each unfinished job once, and the queue runs them', async () => {
    const spec = { name: 'upgrade-jobs', retryLimit: 2, expireInSeconds: 60 };
    const moved = await Promise.all([1, 2, 3].map(() => installJobQueue(database.db, [spec])));
    expect(moved.sort()).toEqual([0, 0, 2]);
    const { rows } = await database.db.query<{ version: number }>('SELECT max(version)::int AS version FROM pgboss.version');
    expect(rows[0].version).toBeGreaterThanOrEqual(46);
    const old = await database.db.query("SELECT to_regnamespace('pgboss_v10') AS schema");
    expect(old.rows[0].schema).toBeNull();
    queue = new JobQueue(database.db, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 2000 });
    queue.define<{ label: string }>({ queue: 'upgrade-jobs', handle: async (data) => void handled.push(data.label) });
    await queue.start();
    await waitUntil(() => handled.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.sort()).toEqual(['queued', 'retrying']);
  });
});
