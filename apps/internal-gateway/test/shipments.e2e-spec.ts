// Shipments (contract 6.7) through dispatch-command: partial shipments and the stock each one moves, the
// refusals that change nothing, UPDATE_SHIPMENT and the delivery of an order, an imported fulfilment order's
// shipments, and the levels rebuilt from the event log after partial shipments (rebuild and clarify).
import { SeededOrganization, importFixture, placeSalesOrder, seedOrganization } from '@gateway/testing';
import { dispatch, eventCount, eventsOf, fulfilmentOrderStatus, storedLevel, waitForClarifications } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('shipments', () => {
  const { database, gateway } = useInternalGateway();
  let org: SeededOrganization;
  let skus: string[];

  beforeEach(async () => {
    // B1: onHand 10; B2: onHand 5, allocated 1.
    org = await seedOrganization(database.db);
    const tag = org.organizationId.slice(0, 8);
    skus = [`SKU-${tag}-1`, `SKU-${tag}-2`];
  });

  const run = (commandName: string, commandBody: unknown) => dispatch(gateway, org.organizationId, commandName, commandBody);
  const level = (barcode: string) => storedLevel(database.db, org.organizationId, org.warehouseId, barcode);
  const levels = async () => [await level(org.barcodes[0]), await level(org.barcodes[1])];
  const shipmentCount = async () =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shipments WHERE organization_id = $1', [org.organizationId])).rows[0].n;
  /** An ALLOCATED order of 5 of B1 and 2 of B2. */
  const allocatedOrder = async () => {
    const placed = await placeSalesOrder(database.db, org, [
      { barcode: org.barcodes[0], quantity: 5 },
      { barcode: org.barcodes[1], quantity: 2 },
    ]);
    expect((await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: placed.fulfilmentOrderId })).body.result.status).toBe('ALLOCATED');
    return placed;
  };

  it('ships in two partial shipments and a rest: each moves exactly its quantities off onHand and allocated, the rest stays held', async () => {
    const { fulfilmentOrderId, salesOrderId } = await allocatedOrder();
    expect(await levels()).toEqual([
      { onHand: 10, allocated: 5, pendingAllocation: 0 },
      { onHand: 5, allocated: 3, pendingAllocation: 0 },
    ]);

    const first = await run('SHIP_FULFILMENT_ORDER', {
      fulfilmentOrderId,
      shipment: {
        carrier: 'DHL',
        service: 'Paket',
        trackingNumber: '00340434161094015902',
        trackingUrl: 'https://www.dhl.de/track?piececode=00340434161094015902',
        lines: [{ barcode: org.barcodes[0], quantity: 2 }],
      },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      outcome: 'SUCCESS',
      result: {
        fulfilmentOrderId,
        status: 'PARTIALLY_SHIPPED',
        shipment: {
          id: expect.stringMatching(UUID),
          status: 'SHIPPED',
          carrier: 'DHL',
          service: 'Paket',
          trackingNumber: '00340434161094015902',
          trackingUrl: 'https://www.dhl.de/track?piececode=00340434161094015902',
          shippedAt: expect.stringMatching(ISO_MS),
          lines: [{ barcode: org.barcodes[0], sku: skus[0], quantity: 2 }],
        },
      },
    });
    expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe('PARTIALLY_SHIPPED');
    expect(await levels()).toEqual([
      { onHand: 8, allocated: 3, pendingAllocation: 0 },
      { onHand: 5, allocated: 3, pendingAllocation: 0 },
    ]);

    const second = await run('SHIP_FULFILMENT_ORDER', {
      fulfilmentOrderId,
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        lines: [
          { barcode: org.barcodes[1], quantity: 1 },
          { barcode: org.barcodes[0], quantity: 1 },
        ],
      },
    });
    expect(second.body.result).toEqual({
      fulfilmentOrderId,
      status: 'PARTIALLY_SHIPPED',
      shipment: {
        id: expect.stringMatching(UUID),
        status: 'SHIPPED',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        shippedAt: expect.stringMatching(ISO_MS),
        lines: [
          { barcode: org.barcodes[1], sku: skus[1], quantity: 1 },
          { barcode: org.barcodes[0], sku: skus[0], quantity: 1 },
        ],
      },
    });
    expect(await levels()).toEqual([
      { onHand: 7, allocated: 2, pendingAllocation: 0 },
      { onHand: 4, allocated: 2, pendingAllocation: 0 },
    ]);

    // Without a shipment: the rest ships, as before shipments existed (a shipment without tracking).
    const rest = await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId });
    expect(rest.body.result).toEqual({
      fulfilmentOrderId,
      status: 'SHIPPED',
      shipment: {
        id: expect.stringMatching(UUID),
        status: 'SHIPPED',
        shippedAt: expect.stringMatching(ISO_MS),
        lines: [
          { barcode: org.barcodes[0], sku: skus[0], quantity: 2 },
          { barcode: org.barcodes[1], sku: skus[1], quantity: 1 },
        ],
      },
    });
    expect(await levels()).toEqual([
      { onHand: 5, allocated: 0, pendingAllocation: 0 },
      { onHand: 3, allocated: 1, pendingAllocation: 0 },
    ]);

    // The status events: picking, part shipped once (the second parcel changes no status), shipped.
    const events = await eventsOf(database.db, fulfilmentOrderId);
    expect(events.filter((e) => e.aggregateType === 'FulfilmentOrder' && e.barcode === null).map((e) => [e.type, e.payload.from, e.payload.to])).toEqual([
      ['FulfilmentOrderOpened', undefined, undefined],
      ['FulfilmentOrderAllocated', 'OPEN', 'ALLOCATED'],
      ['FulfilmentOrderPickingStarted', 'ALLOCATED', 'PICKING'],
      ['FulfilmentOrderPartiallyShipped', 'PICKING', 'PARTIALLY_SHIPPED'],
      ['FulfilmentOrderShipped', 'PARTIALLY_SHIPPED', 'SHIPPED'],
    ]);
    const ids = [first, second, rest].map((r) => r.body.result.shipment.id);
    expect(events.filter((e) => e.type === 'StockShipped').map((e) => [e.barcode, e.payload.shipmentId, e.payload.delta])).toEqual([
      [org.barcodes[0], ids[0], { onHand: -2, allocated: -2, pendingAllocation: 0 }],
      [org.barcodes[1], ids[1], { onHand: -1, allocated: -1, pendingAllocation: 0 }],
      [org.barcodes[0], ids[1], { onHand: -1, allocated: -1, pendingAllocation: 0 }],
      [org.barcodes[0], ids[2], { onHand: -2, allocated: -2, pendingAllocation: 0 }],
      [org.barcodes[1], ids[2], { onHand: -1, allocated: -1, pendingAllocation: 0 }],
    ]);
    for (const id of ids) expect((await eventsOf(database.db, id)).map((e) => e.type)).toEqual(['ShipmentCreated']);
    // A sales order that is still being shipped: nothing of the sales order's own events.
    expect((await eventsOf(database.db, salesOrderId)).map((e) => e.type)).toEqual(['SalesOrderReceived']);
  });

  it('rebuilds the levels of a partially shipped order from the event log (REBUILD_INVENTORY_LEVELS and clarify)', async () => {
    const { fulfilmentOrderId } = await allocatedOrder();
    await run('SHIP_FULFILMENT_ORDER', {
      fulfilmentOrderId,
      shipment: { carrier: 'DHL', trackingNumber: 'T-1', lines: [{ barcode: org.barcodes[0], quantity: 3 }] },
    });
    const expected = [
      { onHand: 7, allocated: 2, pendingAllocation: 0 },
      { onHand: 5, allocated: 3, pendingAllocation: 0 },
    ];
    expect(await levels()).toEqual(expected);
    const corrupt = () =>
      database.db.query('UPDATE inventory_levels SET on_hand = 99, allocated = 0 WHERE organization_id = $1 AND warehouse_id = $2', [
        org.organizationId,
        org.warehouseId,
      ]);

    await corrupt();
    const rebuilt = await run('REBUILD_INVENTORY_LEVELS', { barcodes: [org.barcodes[0], org.barcodes[1]] });
    expect(rebuilt.body.outcome).toBe('SUCCESS');
    expect(await levels()).toEqual(expected);

    await run('SHIP_FULFILMENT_ORDER', {
      fulfilmentOrderId,
      shipment: { carrier: 'DHL', trackingNumber: 'T-2', lines: [{ barcode: org.barcodes[1], quantity: 2 }] },
    });
    const after = [
      { onHand: 7, allocated: 2, pendingAllocation: 0 },
      { onHand: 3, allocated: 1, pendingAllocation: 0 },
    ];
    expect(await levels()).toEqual(after);
    await corrupt();
    const initiator = `ops-${org.organizationId.slice(0, 8)}@example.com`;
    const clarify = await gateway.post('/internal-tools/clarify-inventory-levels', {
      organizationId: org.organizationId,
      initiator,
      barcodes: [org.barcodes[0], org.barcodes[1]],
    });
    expect(clarify.status).toBe(202);
    await waitForClarifications(database.db, initiator);
    expect(await levels()).toEqual(after);
  });

  describe('refusals: 200 FAILED with the reason, nothing changed', () => {
    const unchanged = async (fulfilmentOrderId: string, body: unknown, reason: string) => {
      const status = await fulfilmentOrderStatus(database.db, fulfilmentOrderId);
      const before = { levels: await levels(), events: await eventCount(database.db), shipments: await shipmentCount() };
      const res = await run('SHIP_FULFILMENT_ORDER', body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outcome: 'FAILED', reason });
      expect({ levels: await levels(), events: await eventCount(database.db), shipments: await shipmentCount() }).toEqual(before);
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe(status);
    };

    it('refuses more than is unshipped, from ALLOCATED (it stays ALLOCATED, no picking) and from PARTIALLY_SHIPPED', async () => {
      const { fulfilmentOrderId } = await allocatedOrder();
      const lines = (quantity: number) => ({
        fulfilmentOrderId,
        shipment: { carrier: 'DHL', trackingNumber: 'T', lines: [{ barcode: org.barcodes[1], quantity }] },
      });
      await unchanged(fulfilmentOrderId, lines(3), `3 of ${org.barcodes[1]} cannot ship: 2 of it are unshipped.`);
      expect((await run('SHIP_FULFILMENT_ORDER', lines(1))).body.result.status).toBe('PARTIALLY_SHIPPED');
      await unchanged(fulfilmentOrderId, lines(2), `2 of ${org.barcodes[1]} cannot ship: 1 of it is unshipped.`);
    });

    it('refuses a shipment that would take a level below what the schema allows (a level that lost what the order holds): no line ships', async () => {
      const { fulfilmentOrderId } = await allocatedOrder();
      // B2 holds 3 allocated (1 of before, 2 of this order); a level that drifted to 1 cannot give up 2.
      await database.db.query('UPDATE inventory_levels SET allocated = 1 WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
        org.organizationId,
        org.warehouseId,
        org.barcodes[1],
      ]);
      await unchanged(fulfilmentOrderId, { fulfilmentOrderId }, `The change would make the inventory of ${org.barcodes[1]} at ${org.warehouseId} negative.`);
    });

    it('refuses a barcode that is not on the order', async () => {
      const { fulfilmentOrderId } = await allocatedOrder();
      await unchanged(
        fulfilmentOrderId,
        { fulfilmentOrderId, shipment: { carrier: 'DHL', trackingNumber: 'T', lines: [{ barcode: org.barcodes[2], quantity: 1 }] } },
        `The barcode ${org.barcodes[2]} is not on the fulfilment order.`,
      );
    });

    it.each(['OPEN', 'SHIPPED'])('refuses a shipment from %s', async (status) => {
      const { fulfilmentOrderId } =
        status === 'OPEN' ? await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 1 }]) : await allocatedOrder();
      if (status === 'SHIPPED') await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId });
      await unchanged(
        fulfilmentOrderId,
        { fulfilmentOrderId, shipment: { carrier: 'DHL', trackingNumber: 'T', lines: [{ barcode: org.barcodes[0], quantity: 1 }] } },
        `A fulfilment order that is ${status} cannot be shipped; allowed from ALLOCATED, PICKING or PARTIALLY_SHIPPED.`,
      );
    });

    it('answers cancel and withdraw of a PARTIALLY_SHIPPED order with 409, releasing nothing', async () => {
      const { fulfilmentOrderId } = await allocatedOrder();
      await run('SHIP_FULFILMENT_ORDER', {
        fulfilmentOrderId,
        shipment: { carrier: 'DHL', trackingNumber: 'T', lines: [{ barcode: org.barcodes[0], quantity: 1 }] },
      });
      const before = await levels();
      for (const action of ['cancel', 'withdraw']) {
        const res = await gateway.post(`/organizations/${org.organizationId}/fulfilment-orders/${fulfilmentOrderId}/${action}`);
        expect([action, res.status, res.body.detail]).toEqual([
          action,
          409,
          `A fulfilment order that is PARTIALLY_SHIPPED cannot be ${action === 'cancel' ? 'cancelled' : 'withdrawn'}; allowed from OPEN, ALLOCATED, BACK_ORDERED.`,
        ]);
      }
      expect(await levels()).toEqual(before);
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe('PARTIALLY_SHIPPED');
    });

    it.each([
      [
        { carrier: 'DHL', trackingNumber: 'T', trackingUrl: 'http://track.example/1' },
        [
          {
            pointer: '/commandBody/shipment/trackingUrl',
            message: 'must be an https URL of at most 2000 characters, without credentials, control characters or backslashes',
          },
        ],
      ],
      [
        { carrier: 'DHL', trackingNumber: 'T', trackingUrl: `https://track.example/${'x'.repeat(1980)}` },
        [
          {
            pointer: '/commandBody/shipment/trackingUrl',
            message: 'must be an https URL of at most 2000 characters, without credentials, control characters or backslashes',
          },
        ],
      ],
      ...['https://x.example/\n"><img src=x onerror=alert(1)>', 'https://user:pw@x.example/', 'https://evil.example\\@good.example/'].map(
        (trackingUrl): [Record<string, unknown>, { pointer: string; message: string }[]] => [
          { carrier: 'DHL', trackingNumber: 'T', trackingUrl },
          [
            {
              pointer: '/commandBody/shipment/trackingUrl',
              message: 'must be an https URL of at most 2000 characters, without credentials, control characters or backslashes',
            },
          ],
        ],
      ),
      [{ carrier: '', trackingNumber: 'T' }, [{ pointer: '/commandBody/shipment/carrier', message: 'must be 1 to 100 characters' }]],
      // 101 code points (validator.js would count 51: a letter and its variation selector as one).
      [{ carrier: `${'a\uFE0F'.repeat(50)}a`, trackingNumber: 'T' }, [{ pointer: '/commandBody/shipment/carrier', message: 'must be 1 to 100 characters' }]],
      [{ carrier: 'DHL', trackingNumber: 'e\u0301'.repeat(51) }, [{ pointer: '/commandBody/shipment/trackingNumber', message: 'must be 1 to 100 characters' }]],
      [
        { carrier: 'DHL\uD800', trackingNumber: 'T' },
        [{ pointer: '/commandBody/shipment/carrier', message: 'must be well-formed Unicode (a lone surrogate such as \\uD800 is not a character)' }],
      ],
      [{ carrier: 'DHL' }, [{ pointer: '/commandBody/shipment/trackingNumber', message: 'is required' }]],
      [{ carrier: 'DHL', trackingNumber: 'T', lines: [] }, [{ pointer: '/commandBody/shipment/lines', message: 'must have at least 1 line' }]],
      [
        {
          carrier: 'DHL',
          trackingNumber: 'T',
          lines: [
            { barcode: 'A', quantity: 1 },
            { barcode: 'A', quantity: 2 },
          ],
        },
        [{ pointer: '/commandBody/shipment/lines', message: 'must name each barcode once' }],
      ],
      [
        { carrier: 'DHL', trackingNumber: 'T', lines: [{ barcode: 'A', quantity: 0 }] },
        [{ pointer: '/commandBody/shipment/lines/0/quantity', message: 'must be at least 1' }],
      ],
    ])('answers an invalid shipment with 400 (%#)', async (shipment, errors) => {
      const events = await eventCount(database.db);
      const res = await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: 'fo-x', shipment });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
      expect(await eventCount(database.db)).toBe(events);
    });
  });

  describe('UPDATE_SHIPMENT', () => {
    const ship = async (fulfilmentOrderId: string, lines?: { barcode: string; quantity: number }[]) =>
      (await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId, shipment: { carrier: 'DHL', trackingNumber: 'T-0', ...(lines ? { lines } : {}) } })).body.result
        .shipment.id as string;
    const update = (body: Record<string, unknown>) => run('UPDATE_SHIPMENT', body);

    it('moves a shipment along and corrects its tracking; DELIVERED of every shipment of a SHIPPED order delivers the sales order', async () => {
      const { fulfilmentOrderId, salesOrderId } = await allocatedOrder();
      const first = await ship(fulfilmentOrderId, [{ barcode: org.barcodes[0], quantity: 5 }]);
      const inTransit = await update({ shipmentId: first, status: 'IN_TRANSIT', trackingNumber: 'T-1', trackingUrl: 'https://track.example/T-1' });
      expect(inTransit.body).toEqual({
        outcome: 'SUCCESS',
        result: {
          fulfilmentOrderId,
          shipment: {
            id: first,
            status: 'IN_TRANSIT',
            carrier: 'DHL',
            trackingNumber: 'T-1',
            trackingUrl: 'https://track.example/T-1',
            shippedAt: expect.stringMatching(ISO_MS),
            lines: [{ barcode: org.barcodes[0], sku: skus[0], quantity: 5 }],
          },
        },
      });
      // Delivered while the order is still partially shipped: the order is not delivered.
      // occurredAt in another offset, a minute ahead of the clock (within the skew allowed): stored in UTC.
      const firstAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
      const firstAtParis = `${new Date(firstAt.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`;
      const delivered = await update({ shipmentId: first, status: 'DELIVERED', occurredAt: firstAtParis });
      expect(delivered.body.result.shipment).toMatchObject({ status: 'DELIVERED', deliveredAt: firstAt.toISOString() });
      expect((await eventsOf(database.db, salesOrderId)).map((e) => e.type)).toEqual(['SalesOrderReceived']);

      const second = await ship(fulfilmentOrderId);
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe('SHIPPED');
      const before = await levels();
      const secondAt = new Date(firstAt.getTime() + 60_000).toISOString();
      await update({ shipmentId: second, status: 'DELIVERED', occurredAt: secondAt });
      expect(await levels()).toEqual(before);
      const salesOrderEvents = await eventsOf(database.db, salesOrderId);
      expect(salesOrderEvents.map((e) => [e.type, e.payload.deliveredAt])).toEqual([
        ['SalesOrderReceived', undefined],
        ['SalesOrderDelivered', secondAt],
      ]);
      expect((await eventsOf(database.db, second)).map((e) => [e.type, e.payload.from, e.payload.to])).toEqual([
        ['ShipmentCreated', undefined, undefined],
        ['ShipmentUpdated', 'SHIPPED', 'DELIVERED'],
      ]);

      // Final: a later update is refused and changes nothing.
      const events = await eventCount(database.db);
      const again = await update({ shipmentId: second, status: 'RETURNED' });
      expect(again.body).toEqual({ outcome: 'FAILED', reason: 'The shipment is DELIVERED, which is final: it takes no update.' });
      expect(await eventCount(database.db)).toBe(events);
    });

    it('delivers a SHIPPED order only when its last undelivered shipment is delivered, not when one of two is', async () => {
      const { fulfilmentOrderId, salesOrderId } = await allocatedOrder();
      const first = await ship(fulfilmentOrderId, [{ barcode: org.barcodes[0], quantity: 5 }]);
      const second = await ship(fulfilmentOrderId);
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe('SHIPPED');
      expect((await update({ shipmentId: second, status: 'IN_TRANSIT' })).body.result.shipment.status).toBe('IN_TRANSIT');
      // The first parcel arrives while the second is still on its way: the order is not delivered.
      const firstDelivered = await update({ shipmentId: first, status: 'DELIVERED' });
      expect(firstDelivered.body.result.shipment).toMatchObject({ status: 'DELIVERED', deliveredAt: expect.stringMatching(ISO_MS) });
      expect((await eventsOf(database.db, salesOrderId)).map((e) => e.type)).toEqual(['SalesOrderReceived']);
      // The second arrives: now it is, delivered when its last parcel was.
      const secondDelivered = await update({ shipmentId: second, status: 'DELIVERED' });
      expect((await eventsOf(database.db, salesOrderId)).map((e) => [e.type, e.payload.deliveredAt])).toEqual([
        ['SalesOrderReceived', undefined],
        ['SalesOrderDelivered', secondDelivered.body.result.shipment.deliveredAt],
      ]);
    });

    it('takes RETURNED as final, moving no stock, and the order is never delivered', async () => {
      const { fulfilmentOrderId, salesOrderId } = await allocatedOrder();
      const only = await ship(fulfilmentOrderId);
      const before = await levels();
      expect((await update({ shipmentId: only, status: 'RETURNED' })).body.result.shipment.status).toBe('RETURNED');
      expect(await levels()).toEqual(before);
      expect((await update({ shipmentId: only, status: 'DELIVERED' })).body).toEqual({
        outcome: 'FAILED',
        reason: 'The shipment is RETURNED, which is final: it takes no update.',
      });
      expect((await eventsOf(database.db, salesOrderId)).map((e) => e.type)).toEqual(['SalesOrderReceived']);
    });

    it('stores the tracking link as a browser reads it, and a carrier and tracking number of 100 code points whatever their UTF-16 length', async () => {
      const { fulfilmentOrderId } = await allocatedOrder();
      const carrier = '\u{1F69A}'.repeat(100);
      const trackingNumber = 'a\uFE0F'.repeat(50);
      const shipped = await run('SHIP_FULFILMENT_ORDER', {
        fulfilmentOrderId,
        shipment: { carrier, trackingNumber, trackingUrl: 'https://Track.Example/a b?q="<b>"', lines: [{ barcode: org.barcodes[0], quantity: 1 }] },
      });
      expect(shipped.body.result.shipment).toMatchObject({ carrier, trackingNumber, trackingUrl: 'https://track.example/a%20b?q=%22%3Cb%3E%22' });
      const id = shipped.body.result.shipment.id as string;
      const stored = await database.db.query('SELECT char_length(carrier) AS c, char_length(tracking_number) AS t, tracking_url FROM shipments WHERE id = $1', [
        id,
      ]);
      expect(stored.rows).toEqual([{ c: 100, t: 100, tracking_url: 'https://track.example/a%20b?q=%22%3Cb%3E%22' }]);
      const updated = await update({ shipmentId: id, status: 'IN_TRANSIT', trackingUrl: 'https://bücher.example/T 1' });
      expect(updated.body.result.shipment.trackingUrl).toBe('https://xn--bcher-kva.example/T%201');
    });

    it('refuses an occurredAt before the shipment shipped or more than 5 minutes ahead of the clock (FAILED, nothing changed)', async () => {
      const { fulfilmentOrderId } = await allocatedOrder();
      const id = await ship(fulfilmentOrderId);
      const events = await eventCount(database.db);
      expect((await update({ shipmentId: id, status: 'DELIVERED', occurredAt: '0001-01-01T00:00:00Z' })).body).toEqual({
        outcome: 'FAILED',
        reason: expect.stringMatching(/^occurredAt 0001-01-01T00:00:00Z is before the shipment was shipped \(\d{4}-.*Z\)\.$/),
      });
      const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
      expect((await update({ shipmentId: id, status: 'DELIVERED', occurredAt: ahead })).body).toEqual({
        outcome: 'FAILED',
        reason: `occurredAt ${ahead} is more than 5 minutes ahead of the gateway's clock.`,
      });
      expect(await eventCount(database.db)).toBe(events);
      const stored = await database.db.query('SELECT status, delivered_at FROM shipments WHERE id = $1', [id]);
      expect(stored.rows).toEqual([{ status: 'SHIPPED', delivered_at: null }]);
    });

    it('is FAILED for a shipment of another organization, or none', async () => {
      const { fulfilmentOrderId } = await allocatedOrder();
      const id = await ship(fulfilmentOrderId);
      const other = await seedOrganization(database.db);
      const res = await dispatch(gateway, other.organizationId, 'UPDATE_SHIPMENT', { shipmentId: id, status: 'IN_TRANSIT' });
      expect(res.body).toEqual({ outcome: 'FAILED', reason: 'The shipment does not exist in this organization.' });
      expect((await update({ shipmentId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', status: 'IN_TRANSIT' })).body).toEqual({
        outcome: 'FAILED',
        reason: 'The shipment does not exist in this organization.',
      });
    });

    it.each([
      [{ shipmentId: 'nope', status: 'IN_TRANSIT' }, [{ pointer: '/commandBody/shipmentId', message: 'must be a UUID' }]],
      [
        { shipmentId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', status: 'SHIPPED' },
        [{ pointer: '/commandBody/status', message: 'must be one of IN_TRANSIT, OUT_FOR_DELIVERY, DELIVERED, EXCEPTION, RETURNED' }],
      ],
      [
        { shipmentId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', status: 'DELIVERED', occurredAt: 'yesterday' },
        [
          {
            pointer: '/commandBody/occurredAt',
            message: 'must be an RFC 3339 date-time with a time zone (offset at most 15:59 either way), e.g. 2026-09-18T10:15:00Z',
          },
        ],
      ],
    ])('answers an invalid body with 400 (%#)', async (body, errors) => {
      const res = await update(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
    });
  });

  it('records the shipments of an imported fulfilment order (no sales order) and writes no sales order event', async () => {
    const id = `FO-IMPORTED-${org.organizationId.slice(0, 8)}`;
    await importFixture(database.db, {
      fulfilmentOrders: [
        {
          id,
          organizationId: org.organizationId,
          warehouseId: org.warehouseId,
          storeId: org.storeId,
          status: 'PICKING',
          lines: [{ barcode: org.barcodes[1], quantity: 1 }],
        },
      ],
    });
    // The import's PICKING order holds the seed's allocated 1 of B2; shipping it takes it and the item.
    const before = await eventCount(database.db);
    const shipped = await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: id, shipment: { carrier: 'DHL', trackingNumber: 'T-9' } });
    expect(shipped.body).toMatchObject({
      outcome: 'SUCCESS',
      result: { fulfilmentOrderId: id, status: 'SHIPPED', shipment: { lines: [{ barcode: org.barcodes[1], sku: skus[1], quantity: 1 }] } },
    });
    expect(await level(org.barcodes[1])).toEqual({ onHand: 4, allocated: 0, pendingAllocation: 0 });
    await run('UPDATE_SHIPMENT', { shipmentId: shipped.body.result.shipment.id, status: 'DELIVERED' });
    const written = await database.db.query<{ type: string }>('SELECT type FROM domain_events WHERE organization_id = $1 ORDER BY sequence DESC LIMIT $2', [
      org.organizationId,
      (await eventCount(database.db)) - before,
    ]);
    expect(written.rows.map((r) => r.type).reverse()).toEqual(['ShipmentCreated', 'FulfilmentOrderShipped', 'StockShipped', 'ShipmentUpdated']);
  });
});
