// Auto-advance (contract 6.10): an auto-advancing sandbox's order allocates (stock topped up first when short),
// ships in one SANDBOX parcel and is delivered with nothing called, its steps SANDBOX_AUTO_ADVANCE_SECONDS
// apart; its inbound shipments are received in full and its returns arrive and complete as announced; a live
// organization beside it is never touched. The work is the data: a gateway stopped between two steps leaves the
// rest to the next one, and two replicas take each step of each order exactly once.
import request from 'supertest';
import {
  SeededOrganization,
  TestDatabase,
  announceInboundShipment,
  announceReturn,
  createTestDatabase,
  placeSalesOrder,
  seedOrganization,
  seedSandboxOrganization,
  waitUntilAsync,
} from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';

const SECONDS = 1;
const ENV = { SANDBOX_AUTO_ADVANCE_SECONDS: String(SECONDS), WEBHOOK_DISPATCH_INTERVAL_MS: '100' };
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface EventRow {
  type: string;
  aggregate_id: string;
  barcode: string | null;
  payload: Record<string, unknown>;
  initiator: string | null;
  occurred_at: Date;
}

describe('sandbox auto-advance', () => {
  let database: TestDatabase;
  let gateway: RunningGateway | undefined;

  const events = async (organizationId: string) =>
    (
      await database.db.query<EventRow>(
        'SELECT type, aggregate_id, barcode, payload, initiator, occurred_at FROM domain_events WHERE organization_id = $1 ORDER BY sequence',
        [organizationId],
      )
    ).rows;
  const statusOf = async (fulfilmentOrderId: string) =>
    (await database.db.query<{ status: string }>('SELECT status FROM fulfilment_orders WHERE id = $1', [fulfilmentOrderId])).rows[0].status;
  const delivered = async (organizationId: string) =>
    Number(
      (
        await database.db.query<{ n: string }>(`SELECT count(*) AS n FROM domain_events WHERE organization_id = $1 AND type = 'SalesOrderDelivered'`, [
          organizationId,
        ])
      ).rows[0].n,
    );
  const autoSandbox = () => seedSandboxOrganization(database.db, { autoAdvance: true });
  const onHand = async (org: SeededOrganization, barcode: string) =>
    Number(
      (
        await database.db.query<{ on_hand: string }>('SELECT on_hand FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
          org.organizationId,
          org.warehouseId,
          barcode,
        ])
      ).rows[0]?.on_hand ?? 0,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  afterAll(async () => {
    await database.drop();
  });

  it('takes an order to DELIVERED by itself, topping up what is short, one step every SANDBOX_AUTO_ADVANCE_SECONDS; a live order beside it stays OPEN', async () => {
    gateway = await startPublicGateway(database.url, ENV);
    const sandbox = await autoSandbox();
    const live = await seedOrganization(database.db, { warehouseId: `wh-live-${Date.now()}` });
    // 10 of barcode 0 and 5 (1 allocated) of barcode 1 on hand: 6 of barcode 1 is short by 2.
    const placed = await placeSalesOrder(database.db, sandbox, [
      { barcode: sandbox.barcodes[0], quantity: 2 },
      { barcode: sandbox.barcodes[1], quantity: 6 },
    ]);
    const liveOrder = await placeSalesOrder(database.db, live, [{ barcode: live.barcodes[0], quantity: 1 }]);
    const liveEvents = (await events(live.organizationId)).length;

    await waitUntilAsync(async () => (await delivered(sandbox.organizationId)) === 1, 20_000);
    const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: sandbox.organizationId });
    const read = await request(gateway.app.getHttpServer())
      .get(`/v0/organizations/${sandbox.organizationId}/stores/${sandbox.storeId}/sales-orders/${placed.salesOrderId}`)
      .set('Authorization', `Bearer ${token}`);
    expect(read.status).toBe(200);
    const [shipment] = read.body.shipments;
    expect(read.body).toMatchObject({ status: 'DELIVERED', fulfilmentStatus: 'SHIPPED', deliveredAt: expect.stringMatching(ISO_MS) });
    expect(read.body.shipments).toHaveLength(1);
    expect(shipment).toMatchObject({
      status: 'DELIVERED',
      carrier: 'SANDBOX',
      trackingNumber: expect.stringMatching(/^SBX[0-9A-F]{16}$/),
      trackingUrl: `https://tracking.sandbox.invalid/${shipment.trackingNumber}`,
    });

    const log = (await events(sandbox.organizationId)).filter((e) => e.initiator === 'sandbox-auto-advance');
    // Exactly the shortfall topped up, through the stock adjustment, before the allocation.
    expect(log.filter((e) => e.type === 'StockAdjusted').map((e) => [e.barcode, e.payload])).toEqual([
      [sandbox.barcodes[1], { fulfilmentOrderId: placed.fulfilmentOrderId, delta: { onHand: 2, allocated: 0, pendingAllocation: 0 } }],
    ]);
    const at = (type: string) => {
      const found = log.filter((e) => e.type === type);
      expect([type, found.length]).toEqual([type, 1]);
      return found[0].occurred_at.getTime();
    };
    const allocated = at('FulfilmentOrderAllocated');
    const shipped = at('FulfilmentOrderShipped');
    const deliveredAt = at('SalesOrderDelivered');
    expect(at('StockAdjusted')).toBeLessThanOrEqual(allocated);
    // Each step at least the interval after the one before (the database's clock; a little slack for rounding).
    expect(shipped - allocated).toBeGreaterThanOrEqual(SECONDS * 1000 - 50);
    expect(deliveredAt - shipped).toBeGreaterThanOrEqual(SECONDS * 1000 - 50);

    expect(await statusOf(liveOrder.fulfilmentOrderId)).toBe('OPEN');
    expect((await events(live.organizationId)).length).toBe(liveEvents);
  });

  it('receives an inbound shipment in full, and a return arrives and completes as announced', async () => {
    gateway = await startPublicGateway(database.url, ENV);
    const sandbox = await autoSandbox();
    const before = await onHand(sandbox, sandbox.barcodes[1]);
    const inbound = await announceInboundShipment(database.db, sandbox, [{ barcode: sandbox.barcodes[1], quantity: 7 }]);
    const placed = await placeSalesOrder(database.db, sandbox, [{ barcode: sandbox.barcodes[0], quantity: 2 }]);
    await waitUntilAsync(async () => (await statusOf(placed.fulfilmentOrderId)) === 'SHIPPED', 20_000);
    const announced = await announceReturn(database.db, sandbox, placed.salesOrderId, { lines: [{ barcode: sandbox.barcodes[0], quantity: 2 }] } as never);
    const returnStatus = async () => (await database.db.query<{ status: string }>('SELECT status FROM returns WHERE id = $1', [announced.id])).rows[0].status;
    const afterShipping = await onHand(sandbox, sandbox.barcodes[0]);
    await waitUntilAsync(async () => (await returnStatus()) === 'COMPLETED', 20_000);

    const inboundRow = (await database.db.query<{ status: string }>('SELECT status FROM inbound_shipments WHERE id = $1', [inbound.id])).rows[0];
    expect(inboundRow.status).toBe('COMPLETED');
    expect(await onHand(sandbox, sandbox.barcodes[1])).toBe(before + 7);
    expect(await onHand(sandbox, sandbox.barcodes[0])).toBe(afterShipping + 2);
    const log = await events(sandbox.organizationId);
    expect(log.filter((e) => e.aggregate_id === announced.id).map((e) => e.type)).toEqual([
      'ReturnCreated',
      'ReturnArrived',
      'ReturnCompleted',
      'StockRestocked',
    ]);
    expect(log.filter((e) => e.aggregate_id === inbound.id).map((e) => e.type)).toEqual([
      'InboundShipmentCreated',
      'InboundShipmentReceived',
      'InboundShipmentCompleted',
    ]);
  });

  it('survives a restart: a gateway stopped between two steps leaves the rest to the next one, which finishes it', async () => {
    const sandbox = await autoSandbox();
    const placed = await placeSalesOrder(database.db, sandbox, [{ barcode: sandbox.barcodes[0], quantity: 1 }]);
    gateway = await startPublicGateway(database.url, { ...ENV, SANDBOX_AUTO_ADVANCE_SECONDS: '2' });
    await waitUntilAsync(async () => (await statusOf(placed.fulfilmentOrderId)) === 'ALLOCATED', 20_000);
    await gateway.close();
    gateway = undefined;
    // Nothing runs while no gateway does: the order waits where it is.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await statusOf(placed.fulfilmentOrderId)).toBe('ALLOCATED');

    gateway = await startPublicGateway(database.url, ENV);
    await waitUntilAsync(async () => (await delivered(sandbox.organizationId)) === 1, 20_000);
    const log = await events(sandbox.organizationId);
    for (const type of ['FulfilmentOrderAllocated', 'ShipmentCreated', 'FulfilmentOrderShipped', 'SalesOrderDelivered'])
      expect([type, log.filter((e) => e.type === type).length]).toEqual([type, 1]);
  });

  it("goes round the sandboxes: one with a backlog of due orders makes another's order wait behind a round, not behind the backlog", async () => {
    const busy = await autoSandbox();
    const quiet = await autoSandbox();
    for (let i = 0; i < 60; i++) await placeSalesOrder(database.db, busy, [{ barcode: busy.barcodes[0], quantity: 1 }]);
    const waiting = await placeSalesOrder(database.db, quiet, [{ barcode: quiet.barcodes[0], quantity: 1 }]);
    gateway = await startPublicGateway(database.url, { ...ENV, SANDBOX_AUTO_ADVANCE_SECONDS: '0' });
    await waitUntilAsync(async () => (await statusOf(waiting.fulfilmentOrderId)) !== 'OPEN', 30_000);
    const { rows } = await database.db.query<{ busy: string }>(
      `SELECT count(*) AS busy FROM domain_events
        WHERE organization_id = $1 AND type = 'FulfilmentOrderAllocated'
          AND sequence < (SELECT sequence FROM domain_events WHERE aggregate_id = $2 AND type = 'FulfilmentOrderAllocated')`,
      [busy.organizationId, waiting.fulfilmentOrderId],
    );
    // The busy sandbox's first round (5 steps) went before; its other 55 orders, older than the quiet one's, after.
    expect(Number(rows[0].busy)).toBe(5);
  });

  it('two replicas take each step of each order exactly once', async () => {
    const sandbox = await autoSandbox();
    const orders = 12;
    const placed = [];
    // More than is on hand in all: most orders need a top-up, each exactly once.
    for (let i = 0; i < orders; i++) placed.push(await placeSalesOrder(database.db, sandbox, [{ barcode: sandbox.barcodes[0], quantity: 3 }]));
    gateway = await startPublicGateway(database.url, { ...ENV, SANDBOX_AUTO_ADVANCE_SECONDS: '0' });
    const replica = await startPublicGateway(database.url, { ...ENV, SANDBOX_AUTO_ADVANCE_SECONDS: '0', PUBLIC_BASE_URL: gateway.url });
    try {
      await waitUntilAsync(async () => (await delivered(sandbox.organizationId)) >= orders, 30_000);
      // A moment more: a second replica taking a step again would show now.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await replica.close();
    }
    const log = await events(sandbox.organizationId);
    for (const { fulfilmentOrderId, salesOrderId } of placed) {
      const ofOrder = log.filter(
        (e) =>
          e.aggregate_id === fulfilmentOrderId ||
          e.aggregate_id === salesOrderId ||
          (e.payload as { fulfilmentOrderId?: string }).fulfilmentOrderId === fulfilmentOrderId,
      );
      const count = (type: string) => ofOrder.filter((e) => e.type === type).length;
      expect([
        fulfilmentOrderId,
        count('FulfilmentOrderAllocated'),
        count('ShipmentCreated'),
        count('FulfilmentOrderShipped'),
        count('ShipmentUpdated'),
        count('SalesOrderDelivered'),
      ]).toEqual([fulfilmentOrderId, 1, 1, 1, 1, 1]);
      expect(count('StockAdjusted')).toBeLessThanOrEqual(1);
    }
    // What was topped up is exactly what the orders lacked: 10 on hand, 36 ordered.
    const toppedUp = log.filter((e) => e.type === 'StockAdjusted').reduce((sum, e) => sum + (e.payload as { delta: { onHand: number } }).delta.onHand, 0);
    expect(toppedUp).toBe(orders * 3 - 10);
    expect(await onHand(sandbox, sandbox.barcodes[0])).toBe(0);
  });
});
