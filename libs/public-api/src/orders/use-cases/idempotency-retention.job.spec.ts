import { IdempotencyRepository } from '@gateway/persistence-public';
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { IdempotencyRetentionJob } from './idempotency-retention.job';

describe('IdempotencyRetentionJob', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const insert = (key: string, ageDays: number) =>
    database.db.query(
      `INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, created_at, completed_at)
       VALUES ('c', $1, 'f', 'COMPLETED', 201, '{}', now() - make_interval(days => $2), now())`,
      [key, ageDays],
    );

  it('deletes records past the retention, never keeping less than 92 days', async () => {
    await insert('fresh', 1);
    await insert('ninety-one-days', 91);
    await insert('ninety-three-days', 93);
    await insert('a-year', 365);
    // A retention below the minimum is raised to 92 days.
    expect(await new IdempotencyRetentionJob(database.db, new IdempotencyRepository(), 30).purge()).toBe(2);
    const { rows } = await database.db.query<{ idempotency_key: string }>('SELECT idempotency_key FROM idempotency_records ORDER BY idempotency_key');
    expect(rows.map((r) => r.idempotency_key)).toEqual(['fresh', 'ninety-one-days']);
    expect(await new IdempotencyRetentionJob(database.db, new IdempotencyRepository(), 1).purge()).toBe(0);
  });
});
