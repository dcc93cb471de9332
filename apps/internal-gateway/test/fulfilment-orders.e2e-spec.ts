// Cancel, withdraw and the back-order view of fulfilment orders, with their effects on inventory, the
// sales order and the event log.
import { SeededOrganization, importFixture, placeSalesOrder, seedOrganization } from '@gateway/testing';
import { dispatch, eventCount, eventsOf, fulfilmentOrderStatus, storedLevel } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

describe('fulfilment orders', () => {
  const { database, gateway } = useInternalGateway();
  let org: SeededOrganization;

  beforeEach(async () => {
    // B1: onHand 10; B2: onHand 5, allocated 1.
    org = await seedOrganization(database.db);
  });

  const place = (barcode: string, quantity: number) => placeSalesOrder(database.db, org, [{ barcode, quantity }]);
  const cancel = (id: string, organizationId = org.organizationId) => gateway.post(`/organizations/${organizationId}/fulfilment-orders/${id}/cancel`);
  const withdraw = (id: string, organizationId = org.organizationId) => gateway.post(`/organizations/${organizationId}/fulfilment-orders/${id}/withdraw`);
  const level = (barcode: string) => storedLevel(database.db, org.organizationId, org.warehouseId, barcode);
  const allocate = (id: string) => dispatch(gateway, org.organizationId, 'ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: id });
  const salesOrderStatus = async (id: string) => (await database.db.query('SELECT status FROM sales_orders WHERE id = $1', [id])).rows[0].status;
  /** The shipping platform reports picking through an import (the only way PICKING arrives). */
  const markPicking = (id: string, barcode: string, quantity: number) =>
    importFixture(database.db, {
      fulfilmentOrders: [
        { id, organizationId: org.organizationId, warehouseId: org.warehouseId, storeId: org.storeId, status: 'PICKING', lines: [{ barcode, quantity }] },
      ],
    });

  describe('cancel', () => {
    it('cancels an OPEN order and its sales order, releasing pendingAllocation, with events in the same transaction', async () => {
      const { salesOrderId, fulfilmentOrderId } = await place(org.barcodes[0], 3);
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 3 });

      const res = await cancel(fulfilmentOrderId);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        fulfilmentOrderId,
        organizationId: org.organizationId,
        status: 'CANCELLED',
        salesOrderId,
        salesOrderStatus: 'CANCELLED',
        releasedLines: [{ barcode: org.barcodes[0], warehouseId: org.warehouseId, quantity: 3 }],
      });
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe('CANCELLED');
      expect(await salesOrderStatus(salesOrderId)).toBe('CANCELLED');
      const events = await eventsOf(database.db, fulfilmentOrderId);
      expect(events.map((e) => e.type)).toEqual(['FulfilmentOrderOpened', 'PendingAllocationRaised', 'FulfilmentOrderCancelled', 'PendingAllocationReleased']);
      expect(events[2]).toMatchObject({ initiator: gateway.clientId, payload: { from: 'OPEN', to: 'CANCELLED' } });
      expect(events[3]).toMatchObject({
        barcode: org.barcodes[0],
        warehouseId: org.warehouseId,
        payload: { delta: { onHand: 0, allocated: 0, pendingAllocation: -3 } },
      });
      expect((await eventsOf(database.db, salesOrderId)).map((e) => e.type)).toEqual(['SalesOrderReceived', 'SalesOrderCancelled']);
    });

    it('answers a repeated cancel with the same result and changes nothing', async () => {
      const { fulfilmentOrderId } = await place(org.barcodes[0], 2);
      const first = await cancel(fulfilmentOrderId);
      const events = await eventCount(database.db);
      const again = await cancel(fulfilmentOrderId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await eventCount(database.db)).toBe(events);
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });
    });

    it('cancels an ALLOCATED order, releasing allocated', async () => {
      const { fulfilmentOrderId } = await place(org.barcodes[0], 4);
      expect((await allocate(fulfilmentOrderId)).body).toEqual({ outcome: 'SUCCESS', result: { fulfilmentOrderId, status: 'ALLOCATED' } });
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 4, pendingAllocation: 0 });
      const res = await cancel(fulfilmentOrderId);
      expect(res.status).toBe(200);
      expect(res.body.releasedLines).toEqual([{ barcode: org.barcodes[0], warehouseId: org.warehouseId, quantity: 4 }]);
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });
      expect((await eventsOf(database.db, fulfilmentOrderId)).map((e) => e.type).slice(-2)).toEqual(['FulfilmentOrderCancelled', 'AllocationReleased']);
    });

    it('cancels a BACK_ORDERED order, releasing pendingAllocation', async () => {
      const { fulfilmentOrderId } = await place(org.barcodes[1], 50);
      expect((await allocate(fulfilmentOrderId)).body.result.status).toBe('BACK_ORDERED');
      expect((await cancel(fulfilmentOrderId)).status).toBe(200);
      expect(await level(org.barcodes[1])).toEqual({ onHand: 5, allocated: 1, pendingAllocation: 0 });
    });

    it('answers 409 for a WITHDRAWN, PICKING or SHIPPED order, and changes nothing', async () => {
      const withdrawn = await place(org.barcodes[0], 1);
      await withdraw(withdrawn.fulfilmentOrderId);
      const picking = await place(org.barcodes[0], 2);
      await allocate(picking.fulfilmentOrderId);
      await markPicking(picking.fulfilmentOrderId, org.barcodes[0], 2);
      const shipped = await place(org.barcodes[0], 1);
      await allocate(shipped.fulfilmentOrderId);
      expect((await dispatch(gateway, org.organizationId, 'SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: shipped.fulfilmentOrderId })).body.outcome).toBe(
        'SUCCESS',
      );
      const before = await level(org.barcodes[0]);
      const events = await eventCount(database.db);

      for (const [order, status] of [
        [withdrawn, 'WITHDRAWN'],
        [picking, 'PICKING'],
        [shipped, 'SHIPPED'],
      ] as const) {
        const res = await cancel(order.fulfilmentOrderId);
        expect(res.status).toBe(409);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toEqual({
          type: '/problems/fulfilment-order-state',
          title: 'Conflict',
          status: 409,
          detail: `A fulfilment order that is ${status} cannot be cancelled; allowed from OPEN, ALLOCATED, BACK_ORDERED.`,
        });
        expect(await fulfilmentOrderStatus(database.db, order.fulfilmentOrderId)).toBe(status);
      }
      expect(await level(org.barcodes[0])).toEqual(before);
      expect(await eventCount(database.db)).toBe(events);
    });
  });

  describe('withdraw', () => {
    it('withdraws a BACK_ORDERED order: answers the lines released, keeps the sales order standing', async () => {
      const { salesOrderId, fulfilmentOrderId } = await place(org.barcodes[1], 100);
      await allocate(fulfilmentOrderId);
      const res = await withdraw(fulfilmentOrderId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ barcode: org.barcodes[1], warehouseId: org.warehouseId, quantity: 100 }]);
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe('WITHDRAWN');
      expect(await salesOrderStatus(salesOrderId)).toBe('RECEIVED');
      expect(await level(org.barcodes[1])).toEqual({ onHand: 5, allocated: 1, pendingAllocation: 0 });
      expect((await eventsOf(database.db, fulfilmentOrderId)).map((e) => e.type)).toEqual([
        'FulfilmentOrderOpened',
        'PendingAllocationRaised',
        'FulfilmentOrderBackOrdered',
        'FulfilmentOrderWithdrawn',
        'PendingAllocationReleased',
      ]);
    });

    it('withdraws OPEN and ALLOCATED orders of several lines, and answers a repeat with the same lines', async () => {
      const open = await placeSalesOrder(database.db, org, [
        { barcode: org.barcodes[0], quantity: 2 },
        { barcode: org.barcodes[1], quantity: 1 },
      ]);
      const allocated = await place(org.barcodes[0], 5);
      await allocate(allocated.fulfilmentOrderId);

      const first = await withdraw(open.fulfilmentOrderId);
      expect(first.body).toEqual([
        { barcode: org.barcodes[0], warehouseId: org.warehouseId, quantity: 2 },
        { barcode: org.barcodes[1], warehouseId: org.warehouseId, quantity: 1 },
      ]);
      expect((await withdraw(allocated.fulfilmentOrderId)).body).toEqual([{ barcode: org.barcodes[0], warehouseId: org.warehouseId, quantity: 5 }]);
      expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });

      const events = await eventCount(database.db);
      const again = await withdraw(open.fulfilmentOrderId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await eventCount(database.db)).toBe(events);
    });

    it('answers 409 for a CANCELLED order', async () => {
      const { fulfilmentOrderId } = await place(org.barcodes[0], 1);
      await cancel(fulfilmentOrderId);
      const res = await withdraw(fulfilmentOrderId);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe('A fulfilment order that is CANCELLED cannot be withdrawn; allowed from OPEN, ALLOCATED, BACK_ORDERED.');
    });
  });

  it('answers 404 for an unknown order and for an order of another organization', async () => {
    const other = await seedOrganization(database.db);
    const foreign = await placeSalesOrder(database.db, other, [{ barcode: other.barcodes[0], quantity: 1 }]);
    for (const res of [
      await cancel('fo-unknown'),
      await withdraw('fo-unknown'),
      await cancel(foreign.fulfilmentOrderId),
      await withdraw(foreign.fulfilmentOrderId),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        type: '/problems/not-found',
        title: 'Not Found',
        status: 404,
        detail: 'The fulfilment order does not exist in this organization.',
      });
    }
    expect(await fulfilmentOrderStatus(database.db, foreign.fulfilmentOrderId)).toBe('OPEN');
  });

  describe('GET /fulfilment-orders/{fulfilmentOrderId}/back-order', () => {
    const backOrder = (id: string) => gateway.get(`/fulfilment-orders/${id}/back-order`);

    it('shows, per line, the ordered quantity, what is fulfillable now and the shortfall, and changes nothing', async () => {
      const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [
        { barcode: org.barcodes[1], quantity: 10 },
        { barcode: org.barcodes[0], quantity: 2 },
      ]);
      await allocate(fulfilmentOrderId);
      const events = await eventCount(database.db);
      const levels = [await level(org.barcodes[0]), await level(org.barcodes[1])];

      const res = await backOrder(fulfilmentOrderId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        fulfilmentOrderId,
        organizationId: org.organizationId,
        warehouseId: org.warehouseId,
        status: 'BACK_ORDERED',
        backOrdered: true,
        lines: [
          { barcode: org.barcodes[1], quantity: 10, fulfillable: 4, shortfall: 6 },
          { barcode: org.barcodes[0], quantity: 2, fulfillable: 10, shortfall: 0 },
        ],
      });
      expect(await eventCount(database.db)).toBe(events);
      expect([await level(org.barcodes[0]), await level(org.barcodes[1])]).toEqual(levels);
      expect(await fulfilmentOrderStatus(database.db, fulfilmentOrderId)).toBe('BACK_ORDERED');
    });

    it('shows no shortfall for an order that holds its stock', async () => {
      const { fulfilmentOrderId } = await place(org.barcodes[0], 3);
      await allocate(fulfilmentOrderId);
      const res = await backOrder(fulfilmentOrderId);
      expect(res.body).toMatchObject({
        status: 'ALLOCATED',
        backOrdered: false,
        lines: [{ barcode: org.barcodes[0], quantity: 3, fulfillable: 7, shortfall: 0 }],
      });
    });

    it('answers 404 for an unknown order and 400 for a malformed id', async () => {
      const res = await backOrder('fo-unknown');
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('The fulfilment order does not exist.');
      const bad = await backOrder('fo%20bad');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([
        { pointer: '/path/fulfilmentOrderId', message: 'must be 1 to 100 letters, digits, dots, underscores, colons or hyphens' },
      ]);
    });
  });
});
