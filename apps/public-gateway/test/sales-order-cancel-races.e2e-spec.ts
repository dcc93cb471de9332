// The integrator's cancel racing other changes of the same order, and two ships of one order racing each other
// (contract 6.7), with real concurrency: the public gateway's cancel over HTTP and the internal gateway's
// dispatch-command (its real module, on its own connections) in flight at the same time. In the ordered rounds a transaction holds the fulfilment order's
// row until both are waiting for it, then lets go: whichever asked first wins, so both interleavings are
// exercised. In the free rounds they simply start together. Every round ends in one consistent outcome:
// never shipped and cancelled, never stock released twice (the inventory level is checked exactly). Another
// order of the barcode stays allocated throughout, so a ship of an order already cancelled would not be
// stopped by the level (allocated cannot go negative) but only by the order's state.
import request from 'supertest';
import { DispatchCommand, SeededOrganization, fulfilment, seedOrganization, waitUntilAsync, withCommandDispatch } from '@gateway/testing';
import { callerTokens } from './support/caller-tokens';
import { usePublicGateway } from './support/start-public-gateway';

interface Level {
  onHand: number;
  allocated: number;
  pendingAllocation: number;
}

const QUANTITY = 2;

describe('cancel races', () => {
  const { database, gateway } = usePublicGateway();
  let org: SeededOrganization;
  let tokens: Record<string, string>;

  const http = () => request(gateway.app.getHttpServer());
  const ordersPath = () => `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`;
  const place = async (quantity = QUANTITY) => {
    const res = await http()
      .post(ordersPath())
      .set('Authorization', `Bearer ${tokens.service}`)
      .send({ orderReference: 'RACE', customer: { firstName: 'Ada' }, lineItems: [{ sku: 'any', barcode: org.barcodes[0], quantity }] });
    expect(res.status).toBe(201);
    return res.body as { id: string; fulfilmentOrderId: string };
  };
  const cancel = (id: string) =>
    http()
      .post(`${ordersPath()}/${id}/cancel`)
      .set('Authorization', `Bearer ${tokens.service}`)
      .send({ reason: 'race' })
      .then((res) => res);
  const read = async (id: string) => (await http().get(`${ordersPath()}/${id}`).set('Authorization', `Bearer ${tokens.service}`)).body;
  const level = async (): Promise<Level> =>
    (
      await database.db.query<Level>(
        `SELECT on_hand::float8 AS "onHand", allocated::float8 AS allocated, pending_allocation::float8 AS "pendingAllocation"
           FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3`,
        [org.organizationId, org.warehouseId, org.barcodes[0]],
      )
    ).rows[0];
  const events = async (aggregateId: string, type: string) =>
    Number(
      (await database.db.query<{ n: string }>('SELECT count(*) AS n FROM domain_events WHERE aggregate_id = $1 AND type = $2', [aggregateId, type])).rows[0].n,
    );
  /** The transactions waiting for a fulfilment order's row. */
  const waitingForLocks = async () =>
    Number(
      (
        await database.db.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%fulfilment_orders%'",
        )
      ).rows[0].n,
    );

  /**
   * Holds the fulfilment order's row while `first` starts and waits for it, then starts `second` and waits until it waits
   * too, then lets go: both are in flight together, and `first` takes the row first.
   */
  async function ordered<A, B>(fulfilmentOrderId: string, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const blocker = database.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM fulfilment_orders WHERE id = $1 FOR UPDATE', [fulfilmentOrderId]);
      locked();
      await released;
    });
    await isLocked;
    const a = first();
    await waitUntilAsync(async () => (await waitingForLocks()) === 1);
    const b = second();
    await waitUntilAsync(async () => (await waitingForLocks()) === 2);
    release();
    await blocker;
    return Promise.all([a, b]);
  }

  beforeAll(async () => {
    org = await seedOrganization(database.db);
    tokens = await callerTokens(gateway, database.url, org);
    await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1000);
    await fulfilment(database.db).allocate(org.organizationId, (await place()).fulfilmentOrderId);
    expect((await level()).allocated).toBe(QUANTITY);
  });

  it('two concurrent cancels: both answer the cancelled order, which is cancelled and released once', async () => {
    for (let round = 0; round < 4; round++) {
      const before = await level();
      const order = await place();
      const [a, b] =
        round % 2 === 0
          ? await ordered(
              order.fulfilmentOrderId,
              () => cancel(order.id),
              () => cancel(order.id),
            )
          : await Promise.all([cancel(order.id), cancel(order.id)]);
      expect([round, a.status, b.status]).toEqual([round, 200, 200]);
      expect(b.body).toEqual(a.body);
      expect(a.body).toMatchObject({ status: 'CANCELLED', fulfilmentStatus: 'CANCELLED', cancellationReason: 'race' });
      expect(await level()).toEqual(before);
      expect([await events(order.id, 'SalesOrderCancelled'), await events(order.fulfilmentOrderId, 'FulfilmentOrderCancelled')]).toEqual([1, 1]);
    }
  });

  it('a cancel racing ALLOCATE_FULFILMENT_ORDER: cancelled either way, with every quantity it held released once', async () => {
    await withCommandDispatch(database.db, async (dispatch: DispatchCommand) => {
      const allocate = (fulfilmentOrderId: string) => dispatch('ALLOCATE_FULFILMENT_ORDER', org.organizationId, { fulfilmentOrderId });
      const seen = new Set<string>();
      for (let round = 0; round < 6; round++) {
        const before = await level();
        const order = await place();
        let cancelled: request.Response;
        let allocated: Awaited<ReturnType<DispatchCommand>>;
        if (round % 3 === 0)
          [cancelled, allocated] = await ordered(
            order.fulfilmentOrderId,
            () => cancel(order.id),
            () => allocate(order.fulfilmentOrderId),
          );
        else if (round % 3 === 1)
          [allocated, cancelled] = await ordered(
            order.fulfilmentOrderId,
            () => allocate(order.fulfilmentOrderId),
            () => cancel(order.id),
          );
        else [cancelled, allocated] = await Promise.all([cancel(order.id), allocate(order.fulfilmentOrderId)]);
        seen.add(allocated.outcome);
        expect([round, cancelled.status, cancelled.body.fulfilmentStatus]).toEqual([round, 200, 'CANCELLED']);
        if (round % 3 === 0) expect(allocated.outcome).toBe('FAILED');
        if (round % 3 === 1) expect(allocated.outcome).toBe('SUCCESS');
        expect(await events(order.fulfilmentOrderId, 'FulfilmentOrderAllocated')).toBe(allocated.outcome === 'SUCCESS' ? 1 : 0);
        expect([await events(order.id, 'SalesOrderCancelled'), await events(order.fulfilmentOrderId, 'FulfilmentOrderCancelled')]).toEqual([1, 1]);
        expect(await level()).toEqual(before);
      }
      expect([...seen].sort()).toEqual(['FAILED', 'SUCCESS']);
    });
  });

  it('a cancel racing SHIP_FULFILMENT_ORDER: either shipped (cancel 409) or cancelled (ship FAILED), never both, stock moved once', async () => {
    await withCommandDispatch(database.db, async (dispatch: DispatchCommand) => {
      const ship = (fulfilmentOrderId: string) => dispatch('SHIP_FULFILMENT_ORDER', org.organizationId, { fulfilmentOrderId });
      const outcomes = new Set<string>();
      for (let round = 0; round < 6; round++) {
        const before = await level();
        const order = await place();
        expect((await dispatch('ALLOCATE_FULFILMENT_ORDER', org.organizationId, { fulfilmentOrderId: order.fulfilmentOrderId })).outcome).toBe('SUCCESS');
        let cancelled: request.Response;
        let shipped: Awaited<ReturnType<DispatchCommand>>;
        if (round % 3 === 0)
          [cancelled, shipped] = await ordered(
            order.fulfilmentOrderId,
            () => cancel(order.id),
            () => ship(order.fulfilmentOrderId),
          );
        else if (round % 3 === 1)
          [shipped, cancelled] = await ordered(
            order.fulfilmentOrderId,
            () => ship(order.fulfilmentOrderId),
            () => cancel(order.id),
          );
        else [cancelled, shipped] = await Promise.all([cancel(order.id), ship(order.fulfilmentOrderId)]);
        const outcome = `cancel ${cancelled.status}, ship ${shipped.outcome}`;
        outcomes.add(outcome);
        expect([round, outcome]).toEqual([round, expect.stringMatching(/^(cancel 200, ship FAILED|cancel 409, ship SUCCESS)$/)]);
        if (round % 3 === 0) expect(outcome).toBe('cancel 200, ship FAILED');
        if (round % 3 === 1) expect(outcome).toBe('cancel 409, ship SUCCESS');
        const now = await read(order.id);
        if (cancelled.status === 200) {
          expect([now.status, now.fulfilmentStatus]).toEqual(['CANCELLED', 'CANCELLED']);
          expect(await level()).toEqual(before);
          expect(await events(order.fulfilmentOrderId, 'FulfilmentOrderShipped')).toBe(0);
        } else {
          expect(cancelled.body.type).toBe('/problems/sales-order-not-cancellable');
          expect([now.status, now.fulfilmentStatus]).toEqual(['SHIPPED', 'SHIPPED']);
          expect(await level()).toEqual({ ...before, onHand: before.onHand - QUANTITY });
          expect([await events(order.id, 'SalesOrderCancelled'), await events(order.fulfilmentOrderId, 'FulfilmentOrderCancelled')]).toEqual([0, 0]);
        }
      }
      expect([...outcomes].sort()).toEqual(['cancel 200, ship FAILED', 'cancel 409, ship SUCCESS']);
    });
  });

  it('two ships of the last units of a PARTIALLY_SHIPPED order: both ship, the second makes it SHIPPED, every unit ships once', async () => {
    await withCommandDispatch(database.db, async (dispatch: DispatchCommand) => {
      const ship = (fulfilmentOrderId: string) =>
        dispatch('SHIP_FULFILMENT_ORDER', org.organizationId, {
          fulfilmentOrderId,
          shipment: { carrier: 'DHL', trackingNumber: 'RACE-1', lines: [{ barcode: org.barcodes[0], quantity: 1 }] },
        });
      for (let round = 0; round < 4; round++) {
        const before = await level();
        const order = await place(3);
        expect((await dispatch('ALLOCATE_FULFILMENT_ORDER', org.organizationId, { fulfilmentOrderId: order.fulfilmentOrderId })).outcome).toBe('SUCCESS');
        expect(await ship(order.fulfilmentOrderId)).toMatchObject({ outcome: 'SUCCESS', result: { status: 'PARTIALLY_SHIPPED' } });
        // Each of the two read the order with 2 units left, so each alone would stay PARTIALLY_SHIPPED.
        const [a, b] =
          round % 2 === 0
            ? await ordered(
                order.fulfilmentOrderId,
                () => ship(order.fulfilmentOrderId),
                () => ship(order.fulfilmentOrderId),
              )
            : await Promise.all([ship(order.fulfilmentOrderId), ship(order.fulfilmentOrderId)]);
        const statuses = [a, b].map((r) => `${r.outcome} ${(r.result as { status?: string } | undefined)?.status}`).sort();
        expect([round, statuses]).toEqual([round, ['SUCCESS PARTIALLY_SHIPPED', 'SUCCESS SHIPPED']]);
        const now = await read(order.id);
        expect([now.status, now.fulfilmentStatus]).toEqual(['SHIPPED', 'SHIPPED']);
        expect(now.shipments.map((s: { lines: { quantity: number }[] }) => s.lines.map((l) => l.quantity))).toEqual([[1], [1], [1]]);
        expect([
          await events(order.fulfilmentOrderId, 'FulfilmentOrderPartiallyShipped'),
          await events(order.fulfilmentOrderId, 'FulfilmentOrderShipped'),
        ]).toEqual([1, 1]);
        expect(await level()).toEqual({ ...before, onHand: before.onHand - 3 });
      }
    });
  });
});
