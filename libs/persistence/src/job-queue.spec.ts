import { TestDatabase, createTestDatabase, waitUntil } from '@gateway/testing';
import { JobQueue } from './job-queue';

describe('JobQueue (pg-boss in the application database)', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const handled: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = new JobQueue(database.db, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 2000 });
    queue.define<{ label: string }>({
      queue: 'test-jobs',
      retryLimit: 0,
      expireInSeconds: 60,
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
});
