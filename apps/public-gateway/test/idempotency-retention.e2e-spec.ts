// IDEMPOTENCY_RETENTION_DAYS reaches the job that purges idempotency records in the running gateway.
import { IdempotencyRetentionJob } from '@gateway/public-api';
import { TestDatabase, createTestDatabase, expectCheckedAnswers } from '@gateway/testing';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';

// This file checks a background job of the running gateway through its database: it asks the gateway nothing.
expectCheckedAnswers(0);

describe('idempotency retention in the public gateway', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startPublicGateway(database.url, { IDEMPOTENCY_RETENTION_DAYS: '200' });
  });

  afterAll(async () => {
    await gateway.close();
    await database.drop();
  });

  it('keeps a key for IDEMPOTENCY_RETENTION_DAYS, not only for the 92-day minimum', async () => {
    const insert = (key: string, ageDays: number) =>
      database.db.query(
        `INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, created_at, completed_at)
         VALUES ('c', $1, 'f', 'COMPLETED', 201, '{}', now() - make_interval(days => $2), now())`,
        [key, ageDays],
      );
    await insert('150-days', 150);
    await insert('201-days', 201);
    expect(await gateway.app.get(IdempotencyRetentionJob, { strict: false }).purge()).toBe(1);
    const { rows } = await database.db.query<{ idempotency_key: string }>('SELECT idempotency_key FROM idempotency_records');
    expect(rows.map((r) => r.idempotency_key)).toEqual(['150-days']);
  });
});
