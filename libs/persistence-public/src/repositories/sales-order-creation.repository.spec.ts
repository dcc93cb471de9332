// The creation's one statement against real Postgres: every line's stock claimed in the statement that writes
// the order, and the order written only with its idempotency record, also when another request's record for
// the key commits while the statement runs (after its snapshot, so no earlier check can see it).
import { randomUUID } from 'node:crypto';
import { SeededOrganization, TestDatabase, createTestDatabase, seedOrganization } from '@gateway/testing';
import { NewOrderWrite, SalesOrderCreationRepository } from './sales-order-creation.repository';

describe('SalesOrderCreationRepository', () => {
  let database: TestDatabase;
  let org: SeededOrganization;
  let live: { barcode: string; sku: string }[];
  const creation = new SalesOrderCreationRepository();
  const clientId = 'creation-spec-client';

  beforeAll(async () => {
    database = await createTestDatabase();
    org = await seedOrganization(database.db);
    const read = await creation.read(database.db, {
      organizationId: org.organizationId,
      storeId: org.storeId,
      barcodes: org.barcodes,
      skus: [],
      clientId,
      key: undefined,
    });
    live = read.units.filter((u) => !u.archived);
  });
  afterAll(() => database.drop());

  const pending = async () =>
    Object.fromEntries(
      (
        await database.db.query<{ barcode: string; pending: number }>(
          'SELECT barcode, pending_allocation::float8 AS pending FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2',
          [org.organizationId, org.warehouseId],
        )
      ).rows.map((r) => [r.barcode, r.pending]),
    );

  const order = (key: string | undefined, lines: { barcode: string; sku: string; quantity: number }[]): NewOrderWrite => {
    const salesOrderId = randomUUID();
    const fulfilmentOrderId = `fo-${randomUUID()}`;
    return {
      clientId,
      idempotency: key === undefined ? undefined : { key, requestFingerprint: `fingerprint-${salesOrderId}`, responseStatus: 201 },
      organizationId: org.organizationId,
      storeId: org.storeId,
      warehouseId: org.warehouseId,
      salesOrderId,
      fulfilmentOrderId,
      orderReference: `SPEC-${salesOrderId.slice(0, 8)}`,
      placedAt: null,
      note: null,
      customer: { firstName: 'Ada' },
      shippingAddress: null,
      lines: lines.map((l) => ({ ...l, attributes: {} })),
      fulfilmentLines: lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })),
      events: lines.map((l) => ({
        type: 'PendingAllocationRaised',
        aggregateType: 'FulfilmentOrder',
        aggregateId: fulfilmentOrderId,
        warehouseId: org.warehouseId,
        barcode: l.barcode,
        payload: { salesOrderId, delta: { onHand: 0, allocated: 0, pendingAllocation: l.quantity } },
      })),
      answerTemplate: JSON.stringify({ id: salesOrderId, createdAt: '', placedAt: '' }),
    };
  };
  /** Whether the creation's write is seen waiting on a lock within 5 s. */
  const writeWaitsOnALock = async () => {
    for (let i = 0; i < 200; i++) {
      const waiting = await database.db.query(
        `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%sales_order_creation_write(%' AND datname = current_database()`,
      );
      if (waiting.rowCount) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  };
  const orderCount = async (salesOrderId: string) =>
    Number((await database.db.query('SELECT count(*) AS n FROM sales_orders WHERE id = $1', [salesOrderId])).rows[0].n);

  it("claims every line's stock: each level's pendingAllocation rises by its line's quantity, with one event per level", async () => {
    const before = await pending();
    const write = order('claims-every-line', [
      { ...live[0], quantity: 3 },
      { ...live[1], quantity: 5 },
    ]);
    const outcome = await creation.write(database.db, write);
    expect(outcome.kind).toBe('created');
    const after = await pending();
    expect([after[live[0].barcode] - (before[live[0].barcode] ?? 0), after[live[1].barcode] - (before[live[1].barcode] ?? 0)]).toEqual([3, 5]);
    const events = await database.db.query('SELECT barcode FROM domain_events WHERE aggregate_id = $1 ORDER BY sequence', [write.fulfilmentOrderId]);
    expect(events.rows.map((r) => r.barcode)).toEqual([live[0].barcode, live[1].barcode]);
  });

  it("writes no order when another request's record for the key commits while the statement waits on it, and answers that record", async () => {
    const key = 'committed-meanwhile';
    const before = await pending();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    // The other request: its record inserted, not yet committed (so neither the read nor the statement's
    // snapshot sees it), committed once this request's insert waits on it.
    const other = database.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, completed_at)
         VALUES ($1, $2, 'the other', 'COMPLETED', 201, '{"id":"the other order"}', now())`,
        [clientId, key],
      );
      inserted();
      await released;
    });
    await insertedOnce;
    const write = order(key, [{ ...live[0], quantity: 2 }]);
    const writing = creation.write(database.db, write);
    expect(await writeWaitsOnALock()).toBe(true);
    release();
    await other;
    expect(await writing).toEqual({ kind: 'answered', earlier: { requestFingerprint: 'the other', responseText: '{"id":"the other order"}' } });
    expect(await orderCount(write.salesOrderId)).toBe(0);
    expect((await pending())[live[0].barcode]).toBe(before[live[0].barcode] ?? 0);
  });

  it("locks the levels after the order's inserts: while an insert waits, its barcodes' levels are free to other writers", async () => {
    const write = order(undefined, [{ ...live[0], quantity: 1 }]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    // Another transaction holds an uncommitted order with the same id: the statement's order insert waits on it.
    const other = database.db
      .transaction(async (tx) => {
        await tx.query(
          `INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, customer, created_by_client_id)
           VALUES ($1, $2, $3, 'THE-OTHER', 'RECEIVED', now(), '{}', $4)`,
          [write.salesOrderId, org.organizationId, org.storeId, clientId],
        );
        inserted();
        await released;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await insertedOnce;
    const writing = creation.write(database.db, write);
    expect(await writeWaitsOnALock()).toBe(true);
    const free = await database.db.transaction((tx) =>
      tx
        .query('SELECT barcode FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3 FOR UPDATE NOWAIT', [
          org.organizationId,
          org.warehouseId,
          live[0].barcode,
        ])
        .then((r) => r.rows.map((row) => row.barcode))
        .catch((error: { code?: string }) => error.code),
    );
    release();
    await other;
    expect(free).toEqual([live[0].barcode]);
    expect((await writing).kind).toBe('created');
  });
});
