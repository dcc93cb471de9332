import { TestDatabase, createTestDatabase, waitUntil } from '@gateway/testing';
import { JobQueue } from './job-queue';
import { installJobQueue } from './job-queue-install';
import { JOB_QUEUES, JobQueueSpec } from './job-queues';

describe('JobQueue (pg-boss in the application database)', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const handled: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await installJobQueue(database.db, [{ name: 'test-jobs', retryLimit: 0, expireInSeconds: 60 }]);
    queue = new JobQueue(database.db, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 2000 });
    queue.define<{ label: string }>({
      queue: 'test-jobs',
      handle: async (data) => {
        handled.push(data.label);
      },
    });
    await queue.start();
  });

  afterAll(async () => {
    await queue.stop();
    await database.drop();
  });

  it('keeps its schema in the same database', async () => {
    const { rows } = await database.db.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'pgboss' AND table_name = 'job'");
    expect(rows).toHaveLength(1);
  });

  it('runs a job sent in a committed transaction, and never one whose transaction rolled back', async () => {
    await database.db
      .transaction(async (tx) => {
        await queue.send(tx, 'test-jobs', { label: 'rolled-back' });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => queue.send(tx, 'test-jobs', { label: 'committed' }));
    queue.wake('test-jobs');
    await waitUntil(() => handled.includes('committed'));
    // A later job runs after it: had the rolled-back one existed, it would have run first.
    await database.db.transaction((tx) => queue.send(tx, 'test-jobs', { label: 'after' }));
    queue.wake('test-jobs');
    await waitUntil(() => handled.includes('after'));
    expect(handled).toEqual(['committed', 'after']);
  });

  it('refuses to send a job it does not know', async () => {
    await expect(database.db.transaction((tx) => queue.send(tx, 'unknown-jobs', {}))).rejects.toThrow('unknown job unknown-jobs');
  });

  it("sends jobs with their queue's policy, which migrate keeps in step with JOB_QUEUES", async () => {
    const names = [...JOB_QUEUES.map((q) => q.name), 'test-jobs'].sort();
    const policy = async () =>
      (
        await database.db.query(
          'SELECT name, retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds FROM pgboss.queue WHERE name = ANY($1) ORDER BY name',
          [names],
        )
      ).rows;
    const asStored = (spec: JobQueueSpec) => ({
      name: spec.name,
      retry_limit: spec.retryLimit,
      retry_delay: spec.retryDelaySeconds ?? 0,
      retry_backoff: spec.retryDelayMaxSeconds !== undefined,
      retry_delay_max: spec.retryDelayMaxSeconds ?? null,
      expire_seconds: spec.expireInSeconds,
    });
    // The template database was migrated: every queue of JOB_QUEUES is there with its policy.
    expect(await policy()).toEqual(
      [
        ...JOB_QUEUES.map(asStored),
        { name: 'test-jobs', retry_limit: 0, retry_delay: 0, retry_backoff: false, retry_delay_max: null, expire_seconds: 60 },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect((await policy()).find((row) => row.name === 'clarify-inventory-levels')).toEqual({
      name: 'clarify-inventory-levels',
      retry_limit: 3,
      retry_delay: 0,
      retry_backoff: false,
      retry_delay_max: null,
      expire_seconds: 900,
    });
    await installJobQueue(database.db, [{ name: 'test-jobs', retryLimit: 4, retryDelaySeconds: 1, retryDelayMaxSeconds: 8, expireInSeconds: 90 }]);
    expect((await policy()).find((row) => row.name === 'test-jobs')).toEqual({
      name: 'test-jobs',
      retry_limit: 4,
      retry_delay: 1,
      retry_backoff: true,
      retry_delay_max: 8,
      expire_seconds: 90,
    });
    await database.db.transaction((tx) => queue.send(tx, 'test-jobs', { label: 'with-policy' }, { startAfterSeconds: 3600 }));
    const { rows } = await database.db.query(
      "SELECT retry_limit, retry_delay, retry_backoff, expire_seconds FROM pgboss.job WHERE name = 'test-jobs' AND data->>'label' = 'with-policy'",
    );
    expect(rows).toEqual([{ retry_limit: 4, retry_delay: 1, retry_backoff: true, expire_seconds: 90 }]);
  });
});

describe('JobQueue on a database migrate has not prepared', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('refuses to start with a queue that migrate did not create, naming the command', async () => {
    const queue = new JobQueue(database.db);
    queue.define({ queue: 'never-installed', handle: async () => undefined });
    await expect(queue.start()).rejects.toThrow('job queue: the queue never-installed does not exist; run `admin migrate` first');
    await queue.stop();
  });

  it('refuses to start without the queue schema, and does not install it', async () => {
    await database.db.query('DROP SCHEMA pgboss CASCADE');
    const queue = new JobQueue(database.db);
    await expect(queue.start()).rejects.toThrow('job queue: pg-boss is not installed (schema pgboss); run `admin migrate` first');
    await queue.stop();
    expect((await database.db.query("SELECT to_regnamespace('pgboss') AS schema")).rows).toEqual([{ schema: null }]);
  });
});
