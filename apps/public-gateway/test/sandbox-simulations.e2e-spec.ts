// The sandbox's simulations as an integrator meets them (contract 6.10): each action's answer, the order's,
// return's or inbound shipment's state and the stock it leaves, and the events and webhooks it produces, which
// are those of the warehouse staff's dispatch-command taking the same step; a live organization refused with
// its state and stock untouched; another organization's ids unknown; bad bodies with pointers; who may call.
// Every answer is checked against the served document.
import request from 'supertest';
import {
  DispatchCommand,
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  announceInboundShipment,
  announceReturn,
  createTestDatabase,
  fulfilment,
  placeSalesOrder,
  seedOrganization,
  seedSandboxOrganization,
  waitUntilAsync,
  withCommandDispatch,
} from '@gateway/testing';
import { callerTokens, mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';

const SIMULATIONS = '/v0/organizations/{organizationId}/sandbox/simulations';
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface EventRow {
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  barcode: string | null;
  payload: Record<string, unknown>;
  initiator: string | null;
}

describe('sandbox simulations', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let validator: OpenApiValidator;
  let sandbox: SeededOrganization;
  let otherSandbox: SeededOrganization;
  let live: SeededOrganization;
  let tokens: Record<string, string>;
  let liveToken: string;
  let otherToken: string;

  const http = () => request(gateway.app.getHttpServer());
  const simulate = async (body: unknown, options: { token?: string; organizationId?: string } = {}) => {
    const res = await http()
      .post(`/v0/organizations/${options.organizationId ?? sandbox.organizationId}/sandbox/simulations`)
      .set('Authorization', `Bearer ${options.token ?? tokens.organization}`)
      .send(body as object);
    expect(validator.errors('POST', SIMULATIONS, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const getOrder = async (org: SeededOrganization, salesOrderId: string, token: string, storeId = org.storeId) => {
    const res = await http()
      .get(`/v0/organizations/${org.organizationId}/stores/${storeId}/sales-orders/${salesOrderId}`)
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const level = async (org: SeededOrganization, barcode: string) => {
    const { rows } = await database.db.query<{ on_hand: string; allocated: string; pending_allocation: string }>(
      'SELECT on_hand, allocated, pending_allocation FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3',
      [org.organizationId, org.warehouseId, barcode],
    );
    const row = rows[0] ?? { on_hand: '0', allocated: '0', pending_allocation: '0' };
    return { onHand: Number(row.on_hand), allocated: Number(row.allocated), pendingAllocation: Number(row.pending_allocation) };
  };
  const lastSequence = async () => Number((await database.db.query<{ s: string }>('SELECT coalesce(max(sequence), 0) AS s FROM domain_events')).rows[0].s);
  const eventsSince = async (organizationId: string, since: number) =>
    (
      await database.db.query<EventRow>(
        'SELECT type, aggregate_type, aggregate_id, barcode, payload, initiator FROM domain_events WHERE organization_id = $1 AND sequence > $2 ORDER BY sequence',
        [organizationId, since],
      )
    ).rows;
  /** The events as facts, without what differs between two orders (their ids, times, tracking made up) or who took the step. */
  const facts = (events: EventRow[], ids: Record<string, string>) =>
    JSON.parse(
      JSON.stringify(
        events.map((e) => ({ type: e.type, aggregateType: e.aggregate_type, aggregateId: e.aggregate_id, barcode: e.barcode, payload: e.payload })),
      ).replace(new RegExp(Object.keys(ids).join('|'), 'g'), (id) => ids[id]),
    ).map((e: { payload: Record<string, unknown> }) => ({
      ...e,
      payload: JSON.parse(JSON.stringify(e.payload), (key, value) =>
        ['shippedAt', 'deliveredAt', 'occurredAt', 'updatedAt'].includes(key) ? '<time>' : value,
      ),
    }));
  const shipmentIdsOf = async (fulfilmentOrderId: string) =>
    (await database.db.query<{ id: string }>('SELECT id FROM shipments WHERE fulfilment_order_id = $1 ORDER BY shipped_at, id', [fulfilmentOrderId])).rows.map(
      (r) => r.id,
    );
  /** The public webhook types the events feed holds of a sales order, oldest first. */
  const feedTypes = async (org: SeededOrganization, token: string, salesOrderId: string) => {
    const items: { type: string; data: { id?: string; salesOrderId?: string } }[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = await http()
        .get(`/v0/organizations/${org.organizationId}/events`)
        .query(cursor ? { cursor } : {})
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    return items.filter((i) => i.data.id === salesOrderId || i.data.salesOrderId === salesOrderId).map((i) => i.type);
  };
  const stock = (org: SeededOrganization, barcode: string, quantity: number) =>
    fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode }, quantity);
  const order = (org: SeededOrganization, quantity = 2, storeId = org.storeId) =>
    placeSalesOrder(database.db, { organizationId: org.organizationId, storeId }, [{ barcode: org.barcodes[0], quantity }]);

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startPublicGateway(database.url, { WEBHOOK_DISPATCH_INTERVAL_MS: '100' });
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    sandbox = await seedSandboxOrganization(database.db);
    otherSandbox = await seedSandboxOrganization(database.db);
    live = await seedOrganization(database.db);
    tokens = await callerTokens(gateway, database.url, sandbox);
    liveToken = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: live.organizationId });
    otherToken = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: otherSandbox.organizationId });
  });

  afterAll(async () => {
    await gateway.close();
    await database.drop();
  });

  describe('orders', () => {
    it('ALLOCATE: 200 SUCCESS with the order as a read shows it, ALLOCATED, its quantities moved from pendingAllocation to allocated', async () => {
      const placed = await order(sandbox, 2);
      const before = await level(sandbox, sandbox.barcodes[0]);
      const res = await simulate({ action: 'ALLOCATE', salesOrderId: placed.salesOrderId });
      expect(res.status).toBe(200);
      const read = await getOrder(sandbox, placed.salesOrderId, tokens.organization);
      expect(res.body).toEqual({ outcome: 'SUCCESS', result: { salesOrder: read } });
      expect(read).toMatchObject({ status: 'RECEIVED', fulfilmentStatus: 'ALLOCATED', shipments: [] });
      expect(await level(sandbox, sandbox.barcodes[0])).toEqual({
        ...before,
        allocated: before.allocated + 2,
        pendingAllocation: before.pendingAllocation - 2,
      });
      // Again: the step its state does not allow, FAILED with the staff command's reason, nothing changed.
      const since = await lastSequence();
      expect((await simulate({ action: 'ALLOCATE', salesOrderId: placed.salesOrderId })).body).toEqual({
        outcome: 'FAILED',
        reason: 'A fulfilment order that is ALLOCATED cannot be allocated; allowed from OPEN, BACK_ORDERED.',
      });
      expect(await eventsSince(sandbox.organizationId, since)).toEqual([]);
    });

    it('SHIP: one SANDBOX parcel with a made-up tracking number and its sandbox link, the order SHIPPED, onHand and allocated lower by what shipped', async () => {
      const placed = await order(sandbox, 2);
      await simulate({ action: 'ALLOCATE', salesOrderId: placed.salesOrderId });
      const before = await level(sandbox, sandbox.barcodes[0]);
      const res = await simulate({ action: 'SHIP', salesOrderId: placed.salesOrderId });
      expect(res.status).toBe(200);
      const read = await getOrder(sandbox, placed.salesOrderId, tokens.organization);
      expect(res.body).toEqual({ outcome: 'SUCCESS', result: { salesOrder: read, shipment: read.shipments[0] } });
      const trackingNumber = res.body.result.shipment.trackingNumber;
      expect(trackingNumber).toMatch(/^SBX[0-9A-F]{16}$/);
      expect(read.shipments).toEqual([
        {
          id: expect.stringMatching(UUID),
          status: 'SHIPPED',
          carrier: 'SANDBOX',
          trackingNumber,
          trackingUrl: `https://tracking.sandbox.invalid/${trackingNumber}`,
          shippedAt: expect.stringMatching(ISO_MS),
          lines: [{ barcode: sandbox.barcodes[0], sku: expect.any(String), quantity: 2 }],
        },
      ]);
      expect(read).toMatchObject({ status: 'SHIPPED', fulfilmentStatus: 'SHIPPED' });
      expect(await level(sandbox, sandbox.barcodes[0])).toEqual({ ...before, onHand: before.onHand - 2, allocated: before.allocated - 2 });
    });

    it('SHIP of an order not yet allocated allocates it first, in the same step; short of stock it is FAILED and the order stays OPEN', async () => {
      const placed = await order(sandbox, 1);
      const since = await lastSequence();
      const res = await simulate({ action: 'SHIP', salesOrderId: placed.salesOrderId });
      expect(res.body.outcome).toBe('SUCCESS');
      expect((await eventsSince(sandbox.organizationId, since)).filter((e) => e.type.startsWith('FulfilmentOrder')).map((e) => e.type)).toEqual([
        'FulfilmentOrderAllocated',
        'FulfilmentOrderPickingStarted',
        'FulfilmentOrderShipped',
      ]);

      const short = await order(sandbox, 100_000);
      const beforeShort = await level(sandbox, sandbox.barcodes[0]);
      const sinceShort = await lastSequence();
      const refused = await simulate({ action: 'SHIP', salesOrderId: short.salesOrderId });
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({
        outcome: 'FAILED',
        reason: 'A fulfilment order that is BACK_ORDERED cannot be shipped; allowed from ALLOCATED, PICKING or PARTIALLY_SHIPPED.',
      });
      expect((await getOrder(sandbox, short.salesOrderId, tokens.organization)).fulfilmentStatus).toBe('OPEN');
      expect(await level(sandbox, sandbox.barcodes[0])).toEqual(beforeShort);
      expect(await eventsSince(sandbox.organizationId, sinceShort)).toEqual([]);
    });

    it('SHIP with a shipment names the parcel as in 6.7 (part of the order); more than is unshipped is FAILED', async () => {
      const placed = await order(sandbox, 3);
      const res = await simulate({
        action: 'SHIP',
        salesOrderId: placed.salesOrderId,
        shipment: { carrier: 'DHL', trackingNumber: 'T-1', lines: [{ barcode: sandbox.barcodes[0], quantity: 1 }] },
      });
      expect(res.body.result.shipment).toEqual({
        id: expect.stringMatching(UUID),
        status: 'SHIPPED',
        carrier: 'DHL',
        trackingNumber: 'T-1',
        shippedAt: expect.stringMatching(ISO_MS),
        lines: [{ barcode: sandbox.barcodes[0], sku: expect.any(String), quantity: 1 }],
      });
      expect(res.body.result.salesOrder).toMatchObject({ status: 'RECEIVED', fulfilmentStatus: 'PARTIALLY_SHIPPED' });
      const over = await simulate({
        action: 'SHIP',
        salesOrderId: placed.salesOrderId,
        shipment: { carrier: 'DHL', trackingNumber: 'T-2', lines: [{ barcode: sandbox.barcodes[0], quantity: 5 }] },
      });
      expect(over.body).toEqual({ outcome: 'FAILED', reason: expect.stringContaining(sandbox.barcodes[0]) });
    });

    it('UPDATE_SHIPMENT and DELIVER: the shipment moves, then every shipment is delivered and the order DELIVERED; once done, FAILED', async () => {
      const placed = await order(sandbox, 2);
      await simulate({
        action: 'SHIP',
        salesOrderId: placed.salesOrderId,
        shipment: { carrier: 'DHL', trackingNumber: 'P-1', lines: [{ barcode: sandbox.barcodes[0], quantity: 1 }] },
      });
      const second = await simulate({ action: 'SHIP', salesOrderId: placed.salesOrderId });
      const [firstId, secondId] = await shipmentIdsOf(placed.fulfilmentOrderId);
      expect(second.body.result.shipment.id).toBe(secondId);

      const moved = await simulate({ action: 'UPDATE_SHIPMENT', shipmentId: firstId, status: 'IN_TRANSIT' });
      const afterUpdate = await getOrder(sandbox, placed.salesOrderId, tokens.organization);
      expect(moved.body).toEqual({ outcome: 'SUCCESS', result: { salesOrder: afterUpdate, shipment: afterUpdate.shipments[0] } });
      expect(afterUpdate.shipments.map((s: { status: string }) => s.status)).toEqual(['IN_TRANSIT', 'SHIPPED']);

      const delivered = await simulate({ action: 'DELIVER', salesOrderId: placed.salesOrderId });
      const read = await getOrder(sandbox, placed.salesOrderId, tokens.organization);
      expect(delivered.body).toEqual({ outcome: 'SUCCESS', result: { salesOrder: read } });
      expect(read).toMatchObject({ status: 'DELIVERED', fulfilmentStatus: 'SHIPPED', deliveredAt: expect.stringMatching(ISO_MS) });
      expect(read.shipments.map((s: { status: string }) => s.status)).toEqual(['DELIVERED', 'DELIVERED']);

      expect((await simulate({ action: 'DELIVER', salesOrderId: placed.salesOrderId })).body).toEqual({
        outcome: 'FAILED',
        reason: 'The fulfilment order is SHIPPED and has no shipment left to deliver.',
      });
      expect((await simulate({ action: 'UPDATE_SHIPMENT', shipmentId: firstId, status: 'RETURNED' })).body).toEqual({
        outcome: 'FAILED',
        reason: expect.stringContaining('DELIVERED'),
      });
    });

    it('gives the events and webhooks the staff commands give: an order simulated and one moved by dispatch-command tell the same story', async () => {
      await stock(sandbox, sandbox.barcodes[1], 4);
      const parcel = { carrier: 'DHL', trackingNumber: 'SAME-1', trackingUrl: 'https://tracking.carrier.example/SAME-1' };
      const simulated = await placeSalesOrder(database.db, sandbox, [{ barcode: sandbox.barcodes[1], quantity: 2 }]);
      const staffed = await placeSalesOrder(database.db, sandbox, [{ barcode: sandbox.barcodes[1], quantity: 2 }]);

      const sinceSimulated = await lastSequence();
      await simulate({ action: 'ALLOCATE', salesOrderId: simulated.salesOrderId });
      await simulate({ action: 'SHIP', salesOrderId: simulated.salesOrderId, shipment: parcel });
      await simulate({ action: 'DELIVER', salesOrderId: simulated.salesOrderId });
      const simulatedEvents = await eventsSince(sandbox.organizationId, sinceSimulated);

      const sinceStaffed = await lastSequence();
      await withCommandDispatch(database.db, async (dispatch: DispatchCommand) => {
        expect((await dispatch('ALLOCATE_FULFILMENT_ORDER', sandbox.organizationId, { fulfilmentOrderId: staffed.fulfilmentOrderId })).outcome).toBe('SUCCESS');
        const shipped = await dispatch('SHIP_FULFILMENT_ORDER', sandbox.organizationId, { fulfilmentOrderId: staffed.fulfilmentOrderId, shipment: parcel });
        const shipmentId = (shipped.result as { shipment: { id: string } }).shipment.id;
        expect((await dispatch('UPDATE_SHIPMENT', sandbox.organizationId, { shipmentId, status: 'DELIVERED' })).outcome).toBe('SUCCESS');
      });
      const staffedEvents = await eventsSince(sandbox.organizationId, sinceStaffed);

      const [simulatedShipment] = await shipmentIdsOf(simulated.fulfilmentOrderId);
      const [staffedShipment] = await shipmentIdsOf(staffed.fulfilmentOrderId);
      expect(simulatedEvents.map((e) => e.type)).toEqual(
        expect.arrayContaining([
          'FulfilmentOrderAllocated',
          'FulfilmentOrderPickingStarted',
          'ShipmentCreated',
          'FulfilmentOrderShipped',
          'ShipmentUpdated',
          'SalesOrderDelivered',
        ]),
      );
      expect(facts(simulatedEvents, { [simulated.fulfilmentOrderId]: '<fo>', [simulated.salesOrderId]: '<so>', [simulatedShipment]: '<shipment>' })).toEqual(
        facts(staffedEvents, { [staffed.fulfilmentOrderId]: '<fo>', [staffed.salesOrderId]: '<so>', [staffedShipment]: '<shipment>' }),
      );

      // The webhooks (as the events feed stores them) of both orders, once the dispatcher fanned them out: a tick
      // can fall between two staff commands, so what is awaited is the staffed order's last webhook, not a count.
      const expected = ['sales_order.created', 'sales_order.shipment_created', 'sales_order.shipped', 'sales_order.shipment_updated', 'sales_order.delivered'];
      await waitUntilAsync(async () => (await feedTypes(sandbox, tokens.organization, staffed.salesOrderId)).includes('sales_order.delivered'));
      expect(await feedTypes(sandbox, tokens.organization, simulated.salesOrderId)).toEqual(expect.arrayContaining(expected));
      expect(await feedTypes(sandbox, tokens.organization, simulated.salesOrderId)).toEqual(
        await feedTypes(sandbox, tokens.organization, staffed.salesOrderId),
      );
    });
  });

  describe('inbound shipments, returns and stock', () => {
    it('RECEIVE_INBOUND: what is outstanding by default, completing it and raising onHand; named lines receive part; a completed one is FAILED', async () => {
      const before = await level(sandbox, sandbox.barcodes[1]);
      const full = await announceInboundShipment(database.db, sandbox, [{ barcode: sandbox.barcodes[1], quantity: 6 }]);
      const res = await simulate({ action: 'RECEIVE_INBOUND', inboundShipmentId: full.id });
      expect(res.status).toBe(200);
      const read = await http()
        .get(`/v0/organizations/${sandbox.organizationId}/inbound-shipments/${full.id}`)
        .set('Authorization', `Bearer ${tokens.organization}`);
      expect(res.body).toEqual({ outcome: 'SUCCESS', result: { inboundShipment: read.body } });
      expect(read.body).toMatchObject({ status: 'COMPLETED', lines: [{ barcode: sandbox.barcodes[1], expectedQuantity: 6, receivedQuantity: 6 }] });
      expect(await level(sandbox, sandbox.barcodes[1])).toEqual({ ...before, onHand: before.onHand + 6 });

      const part = await announceInboundShipment(database.db, sandbox, [{ barcode: sandbox.barcodes[1], quantity: 6 }]);
      const partial = await simulate({ action: 'RECEIVE_INBOUND', inboundShipmentId: part.id, lines: [{ barcode: sandbox.barcodes[1], quantity: 2 }] });
      expect(partial.body.result.inboundShipment).toMatchObject({ status: 'RECEIVING', lines: [{ expectedQuantity: 6, receivedQuantity: 2 }] });
      const rest = await simulate({ action: 'RECEIVE_INBOUND', inboundShipmentId: part.id });
      expect(rest.body.result.inboundShipment).toMatchObject({ status: 'COMPLETED', lines: [{ expectedQuantity: 6, receivedQuantity: 6 }] });

      expect((await simulate({ action: 'RECEIVE_INBOUND', inboundShipmentId: full.id, lines: [{ barcode: sandbox.barcodes[1], quantity: 1 }] })).body).toEqual({
        outcome: 'FAILED',
        reason: expect.stringContaining('COMPLETED'),
      });
    });

    it('ARRIVE_RETURN and PROCESS_RETURN: arrived, then completed as announced (RESTOCK restocked, DISPOSE not), onHand up by what was restocked', async () => {
      await stock(sandbox, sandbox.barcodes[0], 1);
      await stock(sandbox, sandbox.barcodes[1], 2);
      const placed = await placeSalesOrder(database.db, sandbox, [
        { barcode: sandbox.barcodes[0], quantity: 1 },
        { barcode: sandbox.barcodes[1], quantity: 2 },
      ]);
      expect((await simulate({ action: 'SHIP', salesOrderId: placed.salesOrderId })).body.outcome).toBe('SUCCESS');
      const announced = await announceReturn(database.db, sandbox, placed.salesOrderId, {
        lines: [
          { barcode: sandbox.barcodes[0], quantity: 1, action: 'DISPOSE' },
          { barcode: sandbox.barcodes[1], quantity: 2 },
        ],
      } as never);
      const arrived = await simulate({ action: 'ARRIVE_RETURN', returnId: announced.id });
      const readArrived = await http()
        .get(`/v0/organizations/${sandbox.organizationId}/returns/${announced.id}`)
        .set('Authorization', `Bearer ${tokens.organization}`);
      expect(arrived.body).toEqual({ outcome: 'SUCCESS', result: { return: readArrived.body } });
      expect(readArrived.body).toMatchObject({ status: 'ARRIVED', arrivedAt: expect.stringMatching(ISO_MS) });

      const before = [await level(sandbox, sandbox.barcodes[0]), await level(sandbox, sandbox.barcodes[1])];
      const processed = await simulate({ action: 'PROCESS_RETURN', returnId: announced.id });
      const read = await http()
        .get(`/v0/organizations/${sandbox.organizationId}/returns/${announced.id}`)
        .set('Authorization', `Bearer ${tokens.organization}`);
      expect(processed.body).toEqual({ outcome: 'SUCCESS', result: { return: read.body } });
      expect(read.body).toMatchObject({
        status: 'COMPLETED',
        lines: [
          { barcode: sandbox.barcodes[0], quantity: 1, action: 'DISPOSE', receivedQuantity: 1, restockedQuantity: 0 },
          { barcode: sandbox.barcodes[1], quantity: 2, action: 'RESTOCK', receivedQuantity: 2, restockedQuantity: 2 },
        ],
      });
      expect(await level(sandbox, sandbox.barcodes[0])).toEqual(before[0]);
      expect(await level(sandbox, sandbox.barcodes[1])).toEqual({ ...before[1], onHand: before[1].onHand + 2 });
      expect((await simulate({ action: 'ARRIVE_RETURN', returnId: announced.id })).body).toEqual({
        outcome: 'FAILED',
        reason: expect.stringContaining('COMPLETED'),
      });
    });

    it("ADJUST_STOCK: onHand at the sandbox's warehouse up or down with a StockAdjusted event; below what is allocated FAILED, nothing changed", async () => {
      const barcode = sandbox.barcodes[1];
      const before = await level(sandbox, barcode);
      const since = await lastSequence();
      const res = await simulate({ action: 'ADJUST_STOCK', barcode, quantity: 25 });
      expect(res.status).toBe(200);
      const onHand = before.onHand + 25;
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        result: {
          inventoryLevel: {
            warehouseId: `sandbox-${sandbox.organizationId}`,
            barcode,
            onHand,
            allocated: before.allocated,
            pendingAllocation: before.pendingAllocation,
            fulfillable: onHand - before.allocated,
            sellable: onHand - before.allocated - before.pendingAllocation,
          },
        },
      });
      expect(await level(sandbox, barcode)).toEqual({ ...before, onHand });
      expect(await eventsSince(sandbox.organizationId, since)).toEqual([
        {
          type: 'StockAdjusted',
          aggregate_type: 'InventoryLevel',
          aggregate_id: `${sandbox.warehouseId}/${barcode}`,
          barcode,
          payload: { delta: { onHand: 25, allocated: 0, pendingAllocation: 0 } },
          initiator: expect.any(String),
        },
      ]);
      const down = await simulate({ action: 'ADJUST_STOCK', barcode, quantity: -5 });
      expect(down.body.result.inventoryLevel.onHand).toBe(onHand - 5);

      // Allocated stock cannot be adjusted away.
      await stock(sandbox, sandbox.barcodes[0], 2);
      const held = await order(sandbox, 2);
      await simulate({ action: 'ALLOCATE', salesOrderId: held.salesOrderId });
      const now = await level(sandbox, sandbox.barcodes[0]);
      const sinceRefusal = await lastSequence();
      const refused = await simulate({ action: 'ADJUST_STOCK', barcode: sandbox.barcodes[0], quantity: -(now.onHand - now.allocated + 1) });
      expect(refused.body).toEqual({ outcome: 'FAILED', reason: expect.stringContaining(`of which ${now.allocated} allocated`) });
      expect(await level(sandbox, sandbox.barcodes[0])).toEqual(now);
      expect(await eventsSince(sandbox.organizationId, sinceRefusal)).toEqual([]);
    });
  });

  describe('refusals', () => {
    it('a live organization: a 403 sandbox-only problem for every action, its order, return, inbound shipment and stock untouched', async () => {
      await stock(live, live.barcodes[0], 5);
      const placed = await order(live, 2);
      await fulfilment(database.db).allocate(live.organizationId, placed.fulfilmentOrderId);
      const shipped = await order(live, 1);
      await fulfilment(database.db).allocate(live.organizationId, shipped.fulfilmentOrderId);
      const { shipment } = await fulfilment(database.db).ship(live.organizationId, shipped.fulfilmentOrderId);
      const returned = await announceReturn(database.db, live, shipped.salesOrderId, { lines: [{ barcode: live.barcodes[0], quantity: 1 }] } as never);
      const inbound = await announceInboundShipment(database.db, live, [{ barcode: live.barcodes[0], quantity: 3 }]);
      const orderBefore = await getOrder(live, placed.salesOrderId, liveToken);
      const levelBefore = await level(live, live.barcodes[0]);
      const since = await lastSequence();

      const bodies = [
        { action: 'ALLOCATE', salesOrderId: placed.salesOrderId },
        { action: 'SHIP', salesOrderId: placed.salesOrderId },
        { action: 'UPDATE_SHIPMENT', shipmentId: shipment!.id, status: 'DELIVERED' },
        { action: 'DELIVER', salesOrderId: shipped.salesOrderId },
        { action: 'RECEIVE_INBOUND', inboundShipmentId: inbound.id },
        { action: 'ARRIVE_RETURN', returnId: returned.id },
        { action: 'PROCESS_RETURN', returnId: returned.id },
        { action: 'ADJUST_STOCK', barcode: live.barcodes[0], quantity: 100 },
      ];
      for (const body of bodies) {
        const res = await simulate(body, { organizationId: live.organizationId, token: liveToken });
        expect([body.action, res.status, res.headers['content-type']]).toEqual([body.action, 403, 'application/problem+json; charset=utf-8']);
        expect(res.body).toEqual({
          type: expect.stringMatching(/\/problems\/sandbox-only$/),
          title: 'Forbidden',
          status: 403,
          detail: 'Simulations are for sandbox organizations only: this organization is live.',
        });
      }
      // A service, which may reach every organization, is refused the same way.
      expect((await simulate(bodies[0], { organizationId: live.organizationId, token: tokens.service })).status).toBe(403);
      expect(await getOrder(live, placed.salesOrderId, liveToken)).toEqual(orderBefore);
      expect(await level(live, live.barcodes[0])).toEqual(levelBefore);
      expect(await eventsSince(live.organizationId, since)).toEqual([]);
    });

    it('404 for an id of another organization (two sandboxes side by side) and for an unknown one, whatever the action', async () => {
      await stock(otherSandbox, otherSandbox.barcodes[0], 2);
      const theirs = await order(otherSandbox, 1);
      const shipped = await simulate({ action: 'SHIP', salesOrderId: theirs.salesOrderId }, { organizationId: otherSandbox.organizationId, token: otherToken });
      expect(shipped.body.outcome).toBe('SUCCESS');
      const theirReturn = await announceReturn(database.db, otherSandbox, theirs.salesOrderId, {
        lines: [{ barcode: otherSandbox.barcodes[0], quantity: 1 }],
      } as never);
      const theirInbound = await announceInboundShipment(database.db, otherSandbox, [{ barcode: otherSandbox.barcodes[0], quantity: 1 }]);
      const since = await lastSequence();
      const cases: [object, string][] = [
        [{ action: 'ALLOCATE', salesOrderId: theirs.salesOrderId }, 'The sales order does not exist in this organization.'],
        [{ action: 'SHIP', salesOrderId: theirs.salesOrderId }, 'The sales order does not exist in this organization.'],
        [{ action: 'DELIVER', salesOrderId: theirs.salesOrderId }, 'The sales order does not exist in this organization.'],
        [{ action: 'UPDATE_SHIPMENT', shipmentId: shipped.body.result.shipment.id, status: 'DELIVERED' }, 'The shipment does not exist in this organization.'],
        [{ action: 'RECEIVE_INBOUND', inboundShipmentId: theirInbound.id }, 'The inbound shipment does not exist in this organization.'],
        [{ action: 'ARRIVE_RETURN', returnId: theirReturn.id }, 'The return does not exist in this organization.'],
        [{ action: 'PROCESS_RETURN', returnId: theirReturn.id }, 'The return does not exist in this organization.'],
        [{ action: 'ADJUST_STOCK', barcode: otherSandbox.barcodes[0], quantity: 1 }, 'The barcode is not a retail unit of this organization.'],
        [{ action: 'ALLOCATE', salesOrderId: '00000000-0000-4000-8000-000000000000' }, 'The sales order does not exist in this organization.'],
      ];
      for (const [body, detail] of cases) {
        for (const token of [tokens.organization, tokens.service]) {
          const res = await simulate(body, { token });
          expect([res.status, res.body]).toEqual([404, { type: expect.stringMatching(/\/problems\/not-found$/), title: 'Not Found', status: 404, detail }]);
        }
      }
      expect(await eventsSince(otherSandbox.organizationId, since)).toEqual([]);
      expect((await getOrder(otherSandbox, theirs.salesOrderId, otherToken)).fulfilmentStatus).toBe('SHIPPED');
    });

    it('400 with pointers: no action, an unknown one, a property of another action, bad values, a body that is not an object', async () => {
      const placed = await order(sandbox, 1);
      const since = await lastSequence();
      const cases: [unknown, { pointer: string; message: string }[]][] = [
        [{}, [{ pointer: '/action', message: 'is required' }]],
        [
          { action: 'EXPLODE', salesOrderId: placed.salesOrderId },
          [{ pointer: '/action', message: expect.stringContaining('must be one of ALLOCATE, SHIP,') }],
        ],
        [{ action: 'allocate', salesOrderId: placed.salesOrderId }, [{ pointer: '/action', message: expect.stringContaining('must be one of') }]],
        [
          { action: 'ALLOCATE', salesOrderId: placed.salesOrderId, shipment: { carrier: 'X', trackingNumber: 'Y' } },
          [{ pointer: '/shipment', message: 'is not a known property' }],
        ],
        [
          { action: 'ALLOCATE', shipmentId: placed.salesOrderId },
          [
            { pointer: '/shipmentId', message: 'is not a known property' },
            { pointer: '/salesOrderId', message: 'is required' },
          ],
        ],
        [{ action: 'ADJUST_STOCK', barcode: sandbox.barcodes[0], quantity: 0 }, [{ pointer: '/quantity', message: 'must not be 0' }]],
        [
          { action: 'ADJUST_STOCK', barcode: 'bad barcode', quantity: 1.5 },
          [
            { pointer: '/barcode', message: expect.any(String) },
            { pointer: '/quantity', message: 'must be an integer' },
          ],
        ],
        [
          { action: 'UPDATE_SHIPMENT', shipmentId: 'nope', status: 'SHIPPED' },
          [
            { pointer: '/shipmentId', message: 'must be a UUID' },
            { pointer: '/status', message: expect.stringContaining('must be one of') },
          ],
        ],
        [
          { action: 'SHIP', salesOrderId: placed.salesOrderId, shipment: { carrier: 'DHL', trackingNumber: 'T', trackingUrl: 'http://x.invalid' } },
          [{ pointer: '/shipment/trackingUrl', message: expect.any(String) }],
        ],
        [{ action: 'PROCESS_RETURN', returnId: placed.salesOrderId, lines: [] }, [{ pointer: '/lines', message: expect.any(String) }]],
        [[{ action: 'ALLOCATE' }], [{ pointer: '', message: 'must be a JSON object' }]],
      ];
      for (const [body, errors] of cases) {
        const res = await simulate(body);
        expect([JSON.stringify(body), res.status, res.body]).toEqual([
          JSON.stringify(body),
          400,
          { type: expect.stringMatching(/\/problems\/validation-failed$/), title: 'Bad Request', status: 400, detail: 'The request is not valid.', errors },
        ]);
      }
      expect(await eventsSince(sandbox.organizationId, since)).toEqual([]);
    });

    it('who may call: order and return actions whoever may create orders on the store (a connector only its stores), inbound and stock whoever may announce inbound shipments', async () => {
      await stock(sandbox, sandbox.barcodes[0], 4);
      const connected = await order(sandbox, 1, sandbox.storeId);
      const elsewhere = await order(sandbox, 1, sandbox.otherStoreId);
      const inbound = await announceInboundShipment(database.db, sandbox, [{ barcode: sandbox.barcodes[1], quantity: 1 }]);

      expect((await simulate({ action: 'ALLOCATE', salesOrderId: connected.salesOrderId }, { token: tokens.connector })).body.outcome).toBe('SUCCESS');
      const refused = await simulate({ action: 'ALLOCATE', salesOrderId: elsewhere.salesOrderId }, { token: tokens.connector });
      expect([refused.status, refused.body.detail]).toEqual([403, 'A connector can create sales orders only for the stores of its connections.']);
      expect((await getOrder(sandbox, elsewhere.salesOrderId, tokens.organization, sandbox.otherStoreId)).fulfilmentStatus).toBe('OPEN');
      expect((await simulate({ action: 'ALLOCATE', salesOrderId: elsewhere.salesOrderId }, { token: tokens.member })).body.outcome).toBe('SUCCESS');

      for (const [who, detail] of [
        ['connector', 'A connector cannot announce or read inbound shipments.'],
        ['member', 'Only the account owner can announce or read inbound shipments.'],
      ]) {
        for (const body of [
          { action: 'RECEIVE_INBOUND', inboundShipmentId: inbound.id },
          { action: 'ADJUST_STOCK', barcode: sandbox.barcodes[1], quantity: 1 },
        ]) {
          const res = await simulate(body, { token: tokens[who] });
          expect([who, body.action, res.status, res.body.detail]).toEqual([who, body.action, 403, detail]);
        }
      }
      expect((await simulate({ action: 'ADJUST_STOCK', barcode: sandbox.barcodes[1], quantity: 1 }, { token: tokens.owner })).body.outcome).toBe('SUCCESS');
      expect((await simulate({ action: 'RECEIVE_INBOUND', inboundShipmentId: inbound.id }, { token: tokens.service })).body.outcome).toBe('SUCCESS');

      // A caller without access to the organization at all: 403, whether or not it is a sandbox.
      const res = await simulate({ action: 'ALLOCATE', salesOrderId: connected.salesOrderId }, { token: otherToken });
      expect([res.status, res.body.detail]).toEqual([403, 'The caller has no access to this organization.']);
    });
  });
});
