// The recovers outstanding: one per endpoint (a second is answered the first, even when both are asked at
// once), batches claimed round-robin over organizations (an organization with many recovers has one batch
// before another organization's next, however many it has), a recover of an endpoint being disabled skipped
// without waiting, a failed batch sent to the back of the line and given up after too many.
import { randomUUID } from 'node:crypto';
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { WebhookRecoveryRepository } from './webhook-recovery.repository';
import { WebhookEndpointRepository } from '@gateway/persistence';

describe('WebhookRecoveryRepository', () => {
  let database: TestDatabase;
  const recoveries = new WebhookRecoveryRepository();
  const since = '2026-11-01T00:00:00.123456Z';

  const organization = async () => {
    const id = randomUUID();
    await database.db.query(`INSERT INTO organizations (id, name) VALUES ($1, 'webhook recoveries')`, [id]);
    return id;
  };
  const endpoint = async (organizationId: string) => {
    const id = randomUUID();
    await database.db.query(
      `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, secret_ciphertext, created_by_client_id)
       VALUES ($1, $2, 'http://127.0.0.1/hook', '{inventory_level.changed}', 'current', 'client')`,
      [id, organizationId],
    );
    return id;
  };
  const start = (organizationId: string, endpointId: string) => recoveries.start(database.db, { organizationId, endpointId, since, throughSequence: '100' });
  /** Claims the next batch and finishes it as a batch that was full (the recover goes on), answering its endpoint. */
  const runBatch = () =>
    database.db.transaction(async (tx) => {
      const claimed = await recoveries.claimNext(tx);
      if (claimed) await recoveries.advance(tx, claimed, '1');
      return claimed?.endpointId;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());
  beforeEach(() => database.db.query('TRUNCATE webhook_recoveries, webhook_recovery_turns'));

  it('records one recover per endpoint; another is answered the one outstanding, also when many are asked at once', async () => {
    const org = await organization();
    const [first, second] = [await endpoint(org), await endpoint(org)];
    expect(await start(org, first)).toBeNull();
    expect(await start(org, first)).toEqual({ since: new Date('2026-11-01T00:00:00.123Z'), requestedAt: expect.any(Date) });
    const many = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction((tx) => recoveries.start(tx, { organizationId: org, endpointId: second, since, throughSequence: '7' })),
      ),
    );
    expect(many.filter((r) => r === null)).toHaveLength(1);
    expect(await recoveries.countOutstanding(database.db, org)).toBe(2);
    // `since` reads back to the microsecond.
    const claimed = await database.db.transaction((tx) => recoveries.claimNext(tx));
    expect(new Date(String(claimed?.since)).toISOString()).toBe('2026-11-01T00:00:00.123Z');
    expect((await database.db.query<{ t: string }>('SELECT $1::timestamptz = $2::timestamptz AS t', [claimed?.since, since])).rows[0].t).toBe(true);
  });

  it('gives organizations batches in turn: one with many recovers does not go before another with one', async () => {
    const big = await organization();
    const bigEndpoints = [await endpoint(big), await endpoint(big), await endpoint(big), await endpoint(big)];
    for (const e of bigEndpoints) await start(big, e);
    // The big organization has had two batches already when the small one asks.
    expect(await runBatch()).toBe(bigEndpoints[0]);
    expect(await runBatch()).toBe(bigEndpoints[1]);
    const small = await organization();
    const smallEndpoint = await endpoint(small);
    await start(small, smallEndpoint);
    const third = await organization();
    const thirdEndpoint = await endpoint(third);
    await start(third, thirdEndpoint);
    const order = [];
    for (let i = 0; i < 9; i++) order.push(await runBatch());
    // The two newcomers first (never served), then turns: big, small, third, big...; the big one's endpoints in turn too.
    expect(order).toEqual([
      smallEndpoint,
      thirdEndpoint,
      bigEndpoints[2],
      smallEndpoint,
      thirdEndpoint,
      bigEndpoints[3],
      smallEndpoint,
      thirdEndpoint,
      bigEndpoints[0],
    ]);
  });

  it('skips, without waiting, a recover whose endpoint is being disabled, and drops it with the disabling', async () => {
    const org = await organization();
    const [disabled, other] = [await endpoint(org), await endpoint(org)];
    await start(org, disabled);
    await start(org, other);
    const client = await database.db.pool.connect();
    try {
      await client.query('BEGIN');
      expect(await new WebhookEndpointRepository().disable(client, [disabled], 'MANUAL')).toEqual([disabled]);
      expect(await runBatch()).toBe(other);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await database.db.query('SELECT endpoint_id FROM webhook_recoveries').then((r) => r.rows)).toEqual([{ endpoint_id: other }]);
  });

  it('sends a failed batch to the back of the line for a while, and gives the recover up after too many', async () => {
    const org = await organization();
    const [failing, other] = [await endpoint(org), await endpoint(org)];
    await start(org, failing);
    await start(org, other);
    const claimed = await database.db.transaction((tx) => recoveries.claimNext(tx));
    expect(claimed?.endpointId).toBe(failing);
    expect(await recoveries.failed(database.db, claimed!, 60, 2)).toBe(false);
    expect(await runBatch()).toBe(other);
    // Waiting its 60 s: the other goes again.
    expect(await runBatch()).toBe(other);
    expect(await recoveries.failed(database.db, { ...claimed!, failures: 2 }, 60, 2)).toBe(true);
    expect(await recoveries.countOutstanding(database.db, org)).toBe(1);
  });
});
