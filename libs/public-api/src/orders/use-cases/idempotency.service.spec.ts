// The Idempotency-Key protocol on its own, for an operation other than sales orders: what a new POST gets.
import { IdempotencyRepository } from '@gateway/persistence-public';
import { ProblemException } from '@gateway/platform';
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { IdempotencyService, IdempotentRequest } from './idempotency.service';

describe('IdempotencyService', () => {
  let database: TestDatabase;
  const idempotency = new IdempotencyService(new IdempotencyRepository());
  const request = (key: string | undefined, body: unknown = { name: 'a' }): IdempotentRequest => ({
    scope: 'client-a',
    key,
    operation: 'createThing',
    path: ['org-1'],
    body,
    status: 201,
  });
  let made = 0;
  const work = async () => ({ id: `thing-${++made}` });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const status = (error: unknown) => (error as ProblemException).getStatus();

  it('runs the work every time without a key', async () => {
    const first = await database.db.transaction((tx) => idempotency.run(tx, request(undefined), work));
    const second = await database.db.transaction((tx) => idempotency.run(tx, request(undefined), work));
    expect([first.replayed, second.replayed]).toEqual([false, false]);
    expect(first.record.id).not.toBe(second.record.id);
  });

  it('replays the stored answer for the same request, and refuses another request with the key (422)', async () => {
    const first = await database.db.transaction((tx) => idempotency.run(tx, request('k-1'), work));
    const again = await database.db.transaction((tx) => idempotency.run(tx, request('k-1'), work));
    expect(again).toEqual({ record: first.record, replayed: true, replayText: JSON.stringify(first.record) });
    const other = await database.db.transaction((tx) => idempotency.run(tx, request('k-1', { name: 'b' }), work)).catch((e: unknown) => e);
    expect(status(other)).toBe(422);
  });

  it('answers 409 with Retry-After while the first request with the key is still in its transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = database.db.transaction((tx) => idempotency.run(tx, request('k-2'), async () => (started(), await held, work())));
    await running;
    const second = await database.db.transaction((tx) => idempotency.run(tx, request('k-2'), work)).catch((e: unknown) => e as ProblemException);
    expect([status(second), (second as ProblemException).headers]).toEqual([409, { 'Retry-After': '1' }]);
    release();
    await expect(first).resolves.toMatchObject({ replayed: false });
  });

  it('stores nothing when the work fails: the key is free for the retry', async () => {
    const failed = await database.db
      .transaction((tx) => idempotency.run(tx, request('k-3'), () => Promise.reject(new Error('crash'))))
      .catch((e: unknown) => e);
    expect(failed).toEqual(new Error('crash'));
    const retried = await database.db.transaction((tx) => idempotency.run(tx, request('k-3'), work));
    expect(retried.replayed).toBe(false);
  });
});
