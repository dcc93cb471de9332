// The commit order of the event log is (xid, sequence) as numbers: a transaction id with more digits sorts
// after one with fewer (the rows are read with xid as text, which must not be what they are ordered by).
// And every appended event is queued for webhook fan-out with it.
import { randomUUID } from 'node:crypto';
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { DomainEventRepository } from './domain-event.repository';

describe('DomainEventRepository commit order', () => {
  let database: TestDatabase;
  const events = new DomainEventRepository();
  const organizationId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.query(`INSERT INTO organizations (id, name) VALUES ($1, 'commit order')`, [organizationId]);
    // Written with explicit transaction ids across a digit boundary, the later one first.
    for (const xid of ['1000', '999']) {
      await database.db.query(
        `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, barcode, payload, xid) VALUES (gen_random_uuid(), $1, 'Probe', 'Probe', $2::text, 'B-1', '{}', $2::text::xid8)`,
        [organizationId, xid],
      );
    }
  });

  afterAll(async () => {
    await database.drop();
  });

  it('queues every event for webhook fan-out by its organization when its transaction commits, and not when it rolls back', async () => {
    const sequences = (
      await database.db.query<{ sequence: number }>('SELECT sequence FROM domain_events WHERE organization_id = $1 ORDER BY sequence', [organizationId])
    ).rows.map((r) => Number(r.sequence));
    expect(await events.organizationsQueuedForFanOut(database.db)).toEqual([organizationId]);
    expect(await events.queuedForFanOut(database.db, organizationId, 10)).toEqual(sequences);
    expect(await events.queuedForFanOut(database.db, organizationId, 1)).toEqual(sequences.slice(0, 1));
    expect((await events.bySequence(database.db, sequences)).map((e) => e.xid)).toEqual(['1000', '999']);

    await database.db
      .transaction(async (tx) => {
        await events.append(tx, [{ organizationId, type: 'Probe', aggregateType: 'Probe', aggregateId: 'rolled-back', payload: {} }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await events.queuedForFanOut(database.db, organizationId, 10)).toEqual(sequences);

    await events.dequeueFanOut(database.db, organizationId, sequences.slice(0, 1));
    expect(await events.queuedForFanOut(database.db, organizationId, 10)).toEqual(sequences.slice(1));
    await events.dequeueFanOut(database.db, organizationId, sequences.slice(1));
    expect(await events.organizationsQueuedForFanOut(database.db)).toEqual([]);
  });

  it('pages a barcode newest first in numeric transaction order', async () => {
    const page = await events.pageByBarcode(database.db, { organizationId, barcode: 'B-1', end: '2999-01-01T00:00:00Z', horizon: '1001', limit: 10 });
    expect(page.map((e) => e.xid)).toEqual(['1000', '999']);
  });
});
