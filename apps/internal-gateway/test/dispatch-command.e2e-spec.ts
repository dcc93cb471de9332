// POST /internal-tools/dispatch-command: the four commands through one registry; 400 for an unknown command
// or an invalid body (pointers into the request), 200 FAILED when the domain refuses a valid command.
import { SeededOrganization, placeSalesOrder, seedOrganization } from '@gateway/testing';
import { dispatch, eventCount, eventsOf, fulfilmentOrderStatus, storedLevel } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

const UNKNOWN_ORG = '00000000-0000-4000-8000-000000000000';

describe('dispatch-command', () => {
  const { database, gateway } = useInternalGateway();
  let org: SeededOrganization;

  beforeEach(async () => {
    // B1: onHand 10; B2: onHand 5, allocated 1; B-old archived, no level.
    org = await seedOrganization(database.db);
  });

  const run = (commandName: string, commandBody: unknown, organizationId = org.organizationId) => dispatch(gateway, organizationId, commandName, commandBody);
  const level = (barcode: string, warehouseId = org.warehouseId) => storedLevel(database.db, org.organizationId, warehouseId, barcode);

  describe('validation', () => {
    const problem = (errors: { pointer: string; message: string }[]) => ({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is not valid.',
      errors,
    });

    it('answers an unknown command with 400 pointing at /commandName', async () => {
      const res = await run('LAUNCH_ROCKET', {});
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toEqual(
        problem([
          {
            pointer: '/commandName',
            message:
              'must be one of RECEIVE_STOCK, ALLOCATE_FULFILMENT_ORDER, SHIP_FULFILMENT_ORDER, REBUILD_INVENTORY_LEVELS, UPDATE_SHIPMENT, MARK_RETURN_ARRIVED, PROCESS_RETURN, RECEIVE_INBOUND_SHIPMENT, CLOSE_INBOUND_SHIPMENT',
          },
        ]),
      );
    });

    it('answers an invalid envelope with every problem (a body is not judged while its command is unknown)', async () => {
      const res = await gateway.post('/internal-tools/dispatch-command', { commandName: 7, organizationId: 'acme', commandBody: [], extra: true });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/commandName', message: 'must be a string' },
          { pointer: '/organizationId', message: 'must be a UUID' },
          { pointer: '/extra', message: 'is not a known property' },
        ]),
      );
      expect(res.body.errors).toHaveLength(3);
    });

    it('answers the problems of the envelope and of the command body in one answer', async () => {
      const events = await eventCount(database.db);
      const res = await gateway.post('/internal-tools/dispatch-command', {
        commandName: 'RECEIVE_STOCK',
        organizationId: 'acme',
        commandBody: { warehouseId: 'wh', barcode: 'B', quantity: 0 },
      });
      expect(res.body).toEqual(
        problem([
          { pointer: '/organizationId', message: 'must be a UUID' },
          { pointer: '/commandBody/quantity', message: 'must be at least 1' },
        ]),
      );
      const notAnObject = await gateway.post('/internal-tools/dispatch-command', {
        commandName: 'RECEIVE_STOCK',
        organizationId: org.organizationId,
        commandBody: [],
      });
      expect(notAnObject.body).toEqual(problem([{ pointer: '/commandBody', message: 'must be an object' }]));
      expect(await eventCount(database.db)).toBe(events);
    });

    it('answers an empty envelope with "is required" for each of its fields', async () => {
      const res = await gateway.post('/internal-tools/dispatch-command', {});
      expect(res.body).toEqual(
        problem([
          { pointer: '/commandName', message: 'is required' },
          { pointer: '/organizationId', message: 'is required' },
          { pointer: '/commandBody', message: 'is required' },
        ]),
      );
    });

    it.each([
      [
        'RECEIVE_STOCK',
        { warehouseId: 'bad id', barcode: 5, quantity: 0, colour: 'red' },
        [
          { pointer: '/commandBody/colour', message: 'is not a known property' },
          { pointer: '/commandBody/warehouseId', message: 'must be 1 to 100 letters, digits, dots, underscores, colons or hyphens' },
          { pointer: '/commandBody/barcode', message: 'must be a string' },
          { pointer: '/commandBody/quantity', message: 'must be at least 1' },
        ],
      ],
      ['RECEIVE_STOCK', { warehouseId: 'wh', barcode: 'B', quantity: 1.5 }, [{ pointer: '/commandBody/quantity', message: 'must be an integer' }]],
      ['ALLOCATE_FULFILMENT_ORDER', {}, [{ pointer: '/commandBody/fulfilmentOrderId', message: 'is required' }]],
      [
        'RECEIVE_STOCK',
        {},
        [
          { pointer: '/commandBody/warehouseId', message: 'is required' },
          { pointer: '/commandBody/barcode', message: 'is required' },
          { pointer: '/commandBody/quantity', message: 'is required' },
        ],
      ],
      ['REBUILD_INVENTORY_LEVELS', { barcodes: null }, [{ pointer: '/commandBody/barcodes', message: 'is required' }]],
      [
        'SHIP_FULFILMENT_ORDER',
        { fulfilmentOrderId: 'fo-1', warehouseId: 'wh' },
        [{ pointer: '/commandBody/warehouseId', message: 'is not a known property' }],
      ],
      ['REBUILD_INVENTORY_LEVELS', { barcodes: [] }, [{ pointer: '/commandBody/barcodes', message: 'must name at least 1 barcode' }]],
      [
        'REBUILD_INVENTORY_LEVELS',
        { barcodes: ['ok', 'not ok'] },
        [{ pointer: '/commandBody/barcodes', message: 'each barcode must be 1 to 100 letters, digits, dots, underscores or hyphens' }],
      ],
      ['REBUILD_INVENTORY_LEVELS', { barcodes: 'B-1' }, [{ pointer: '/commandBody/barcodes', message: 'must be an array' }]],
    ])('answers an invalid %s body with 400 pointing into /commandBody (%#)', async (commandName, body, errors) => {
      const events = await eventCount(database.db);
      const res = await run(commandName, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(problem(errors));
      expect(await eventCount(database.db)).toBe(events);
    });
  });

  describe('RECEIVE_STOCK', () => {
    it('raises onHand, appends StockReceived, and answers the level', async () => {
      const res = await run('RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode: org.barcodes[1], quantity: 7 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        result: {
          organizationId: org.organizationId,
          warehouseId: org.warehouseId,
          barcode: org.barcodes[1],
          fulfillable: 11,
          allocated: 1,
          pendingAllocation: 0,
          sellable: 11,
          onHand: 12,
        },
      });
      expect(await level(org.barcodes[1])).toEqual({ onHand: 12, allocated: 1, pendingAllocation: 0 });
      const events = await eventsOf(database.db, `${org.warehouseId}/${org.barcodes[1]}`);
      expect(events.at(-1)).toEqual({
        type: 'StockReceived',
        aggregateType: 'InventoryLevel',
        warehouseId: org.warehouseId,
        barcode: org.barcodes[1],
        initiator: gateway.clientId,
        payload: { delta: { onHand: 7, allocated: 0, pendingAllocation: 0 } },
      });
    });

    it.each([
      [
        'an unknown organization',
        () => [{ warehouseId: org.warehouseId, barcode: org.barcodes[0], quantity: 1 }, UNKNOWN_ORG] as const,
        'The organization does not exist.',
      ],
      ['an unknown warehouse', () => [{ warehouseId: 'wh-nowhere', barcode: org.barcodes[0], quantity: 1 }] as const, 'The warehouse does not exist.'],
      [
        'a barcode of no retail unit',
        () => [{ warehouseId: org.warehouseId, barcode: 'NOPE', quantity: 1 }] as const,
        'The barcode is not a retail unit of this organization.',
      ],
      [
        'an archived retail unit',
        () => [{ warehouseId: org.warehouseId, barcode: org.barcodes[2], quantity: 1 }] as const,
        'The retail unit is archived: stock cannot be received for it.',
      ],
    ])('is FAILED for %s, and changes nothing', async (_case, args, reason) => {
      const [body, organizationId] = args();
      const events = await eventCount(database.db);
      const res = await run('RECEIVE_STOCK', body, organizationId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outcome: 'FAILED', reason });
      expect(await eventCount(database.db)).toBe(events);
    });
  });

  describe('ALLOCATE_FULFILMENT_ORDER', () => {
    it('allocates an order whose every line is fulfillable: pendingAllocation moves to allocated', async () => {
      const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [
        { barcode: org.barcodes[0], quantity: 10 },
        { barcode: org.barcodes[1], quantity: 4 },
      ]);
      const res = await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
      expect(res.body).toEqual({ outcome: 'SUCCESS', result: { fulfilmentOrderId, status: 'ALLOCATED' } });
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 10, pendingAllocation: 0 });
      expect(await level(org.barcodes[1])).toEqual({ onHand: 5, allocated: 5, pendingAllocation: 0 });
      expect((await eventsOf(database.db, fulfilmentOrderId)).map((e) => e.type).slice(-3)).toEqual([
        'FulfilmentOrderAllocated',
        'StockAllocated',
        'StockAllocated',
      ]);
    });

    it('back-orders an order with a line that is not fulfillable, moving nothing; allocates it once stock arrives', async () => {
      const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [
        { barcode: org.barcodes[0], quantity: 1 },
        { barcode: org.barcodes[1], quantity: 6 },
      ]);
      const first = await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
      expect(first.body).toEqual({ outcome: 'SUCCESS', result: { fulfilmentOrderId, status: 'BACK_ORDERED' } });
      expect(await level(org.barcodes[1])).toEqual({ onHand: 5, allocated: 1, pendingAllocation: 6 });
      const backOrdered = (await eventsOf(database.db, fulfilmentOrderId)).at(-1);
      expect(backOrdered).toMatchObject({
        type: 'FulfilmentOrderBackOrdered',
        payload: { from: 'OPEN', to: 'BACK_ORDERED', shortfalls: [{ barcode: org.barcodes[1], quantity: 6, fulfillable: 4, shortfall: 2 }] },
      });

      // Still short: the order stays BACK_ORDERED, and nothing is written.
      const events = await eventCount(database.db);
      expect((await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId })).body).toEqual({
        outcome: 'SUCCESS',
        result: { fulfilmentOrderId, status: 'BACK_ORDERED' },
      });
      expect(await eventCount(database.db)).toBe(events);

      await run('RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode: org.barcodes[1], quantity: 2 });
      expect((await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId })).body).toEqual({
        outcome: 'SUCCESS',
        result: { fulfilmentOrderId, status: 'ALLOCATED' },
      });
      expect(await level(org.barcodes[1])).toEqual({ onHand: 7, allocated: 7, pendingAllocation: 0 });
    });

    it('is FAILED for an order already allocated, an unknown order, and an order of another organization', async () => {
      const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 1 }]);
      await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
      expect((await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId })).body).toEqual({
        outcome: 'FAILED',
        reason: 'A fulfilment order that is ALLOCATED cannot be allocated; allowed from OPEN, BACK_ORDERED.',
      });
      expect((await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: 'fo-unknown' })).body).toEqual({
        outcome: 'FAILED',
        reason: 'The fulfilment order does not exist in this organization.',
      });
      const other = await seedOrganization(database.db);
      const foreign = await placeSalesOrder(database.db, other, [{ barcode: other.barcodes[0], quantity: 1 }]);
      expect((await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: foreign.fulfilmentOrderId })).body).toEqual({
        outcome: 'FAILED',
        reason: 'The fulfilment order does not exist in this organization.',
      });
      expect(await fulfilmentOrderStatus(database.db, foreign.fulfilmentOrderId)).toBe('OPEN');
    });
  });

  describe('SHIP_FULFILMENT_ORDER', () => {
    it('ships an ALLOCATED order through PICKING: allocated and onHand go down', async () => {
      const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 3 }]);
      await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
      const res = await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId });
      // One shipment of everything, without tracking (contract 6.7: a command without a shipment ships all, as before).
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        result: {
          fulfilmentOrderId,
          status: 'SHIPPED',
          shipment: {
            id: expect.any(String),
            status: 'SHIPPED',
            shippedAt: expect.any(String),
            lines: [{ barcode: org.barcodes[0], sku: `SKU-${org.organizationId.slice(0, 8)}-1`, quantity: 3 }],
          },
        },
      });
      expect(await level(org.barcodes[0])).toEqual({ onHand: 7, allocated: 0, pendingAllocation: 0 });
      const events = await eventsOf(database.db, fulfilmentOrderId);
      expect(events.map((e) => e.type).slice(-3)).toEqual(['FulfilmentOrderPickingStarted', 'FulfilmentOrderShipped', 'StockShipped']);
      expect(events.at(-1)?.payload).toEqual({
        from: 'PICKING',
        to: 'SHIPPED',
        shipmentId: res.body.result.shipment.id,
        delta: { onHand: -3, allocated: -3, pendingAllocation: 0 },
      });
    });

    it.each(['OPEN', 'BACK_ORDERED', 'SHIPPED', 'CANCELLED'])('is FAILED for a %s order, and changes nothing', async (status) => {
      const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[1], quantity: status === 'BACK_ORDERED' ? 50 : 2 }]);
      if (status === 'BACK_ORDERED') await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
      if (status === 'SHIPPED') {
        await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
        await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId });
      }
      if (status === 'CANCELLED') await gateway.post(`/organizations/${org.organizationId}/fulfilment-orders/${fulfilmentOrderId}/cancel`);
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe(status);
      const before = await level(org.barcodes[1]);
      const events = await eventCount(database.db);
      const res = await run('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        outcome: 'FAILED',
        reason: `A fulfilment order that is ${status} cannot be shipped; allowed from ALLOCATED, PICKING or PARTIALLY_SHIPPED.`,
      });
      expect(await level(org.barcodes[1])).toEqual(before);
      expect(await eventCount(database.db)).toBe(events);
    });
  });

  describe('REBUILD_INVENTORY_LEVELS', () => {
    it('sets a corrupted level back to its projection of the event log, at every warehouse, and reports each level', async () => {
      await database.db.query("INSERT INTO warehouses (id, name) VALUES ('wh-rebuild-2', 'Rebuild') ON CONFLICT DO NOTHING");
      await run('RECEIVE_STOCK', { warehouseId: 'wh-rebuild-2', barcode: org.barcodes[0], quantity: 4 });
      await database.db.query('UPDATE inventory_levels SET on_hand = 999, allocated = 3 WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
        org.organizationId,
        org.warehouseId,
        org.barcodes[0],
      ]);
      const res = await run('REBUILD_INVENTORY_LEVELS', { barcodes: [org.barcodes[0], org.barcodes[0]] });
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        result: {
          levels: [
            {
              organizationId: org.organizationId,
              warehouseId: 'wh-rebuild-2',
              barcode: org.barcodes[0],
              fulfillable: 4,
              allocated: 0,
              pendingAllocation: 0,
              sellable: 4,
              onHand: 4,
              repaired: false,
            },
            {
              organizationId: org.organizationId,
              warehouseId: org.warehouseId,
              barcode: org.barcodes[0],
              fulfillable: 10,
              allocated: 0,
              pendingAllocation: 0,
              sellable: 10,
              onHand: 10,
              repaired: true,
            },
          ].sort((a, b) => (a.warehouseId < b.warehouseId ? -1 : 1)),
        },
      });
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });
      const rebuilt = (await eventsOf(database.db, `${org.warehouseId}/${org.barcodes[0]}`)).at(-1);
      expect(rebuilt).toMatchObject({
        type: 'InventoryLevelRebuilt',
        initiator: gateway.clientId,
        payload: { set: { onHand: 10, allocated: 0, pendingAllocation: 0 }, previous: { onHand: 999, allocated: 3, pendingAllocation: 0 } },
      });
    });

    it('is FAILED for barcodes that are not retail units of the organization', async () => {
      const res = await run('REBUILD_INVENTORY_LEVELS', { barcodes: [org.barcodes[0], 'GHOST-1', 'GHOST-2'] });
      expect(res.body).toEqual({ outcome: 'FAILED', reason: 'Not retail units of this organization: GHOST-1, GHOST-2.' });
    });
  });
});
