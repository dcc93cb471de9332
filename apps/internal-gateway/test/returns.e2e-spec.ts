// Returns on the warehouse's side (contract 6.8) through dispatch-command: MARK_RETURN_ARRIVED and
// PROCESS_RETURN, every state reached through them, the stock a partial return restocks and disposes
// (levels after each step and after REBUILD_INVENTORY_LEVELS and clarify), the refusals that change
// nothing, invalid bodies with their pointers, and archiving a unit an open return names.
import { SeededOrganization, announceReturn, fulfilment, placeSalesOrder, seedOrganization } from '@gateway/testing';
import { dispatch, eventCount, eventsOf, storedLevel, waitForClarifications } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('returns (warehouse side)', () => {
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
  const returnStatus = async (id: string) => (await database.db.query<{ status: string }>('SELECT status FROM returns WHERE id = $1', [id])).rows[0].status;
  /** An order of 4 of B1 and 2 of B2, shipped whole: B1 onHand 6, B2 onHand 3 (allocated 1 of the seed). */
  const shippedOrder = async () => {
    const placed = await placeSalesOrder(database.db, org, [
      { barcode: org.barcodes[0], quantity: 4 },
      { barcode: org.barcodes[1], quantity: 2 },
    ]);
    await fulfilment(database.db).allocate(org.organizationId, placed.fulfilmentOrderId);
    await fulfilment(database.db).ship(org.organizationId, placed.fulfilmentOrderId, { carrier: 'DHL', trackingNumber: 'T-1' });
    return placed;
  };
  const partialReturn = async (salesOrderId: string) =>
    announceReturn(database.db, org, salesOrderId, {
      reason: 'DAMAGED',
      lines: [
        { barcode: org.barcodes[0], quantity: 3 },
        { barcode: org.barcodes[1], quantity: 2, action: 'DISPOSE' },
      ],
    });

  it('marks a return arrived, then processes it: restocked goods raise onHand at its warehouse, disposed ones do not; a rebuild and clarify reproduce the levels', async () => {
    const { salesOrderId } = await shippedOrder();
    const shipped = [
      { onHand: 6, allocated: 0, pendingAllocation: 0 },
      { onHand: 3, allocated: 1, pendingAllocation: 0 },
    ];
    expect(await levels()).toEqual(shipped);

    const announced = await partialReturn(salesOrderId);
    expect(announced.status).toBe('AWAITING_ARRIVAL');
    expect(await levels()).toEqual(shipped);

    const arrived = await run('MARK_RETURN_ARRIVED', { returnId: announced.id });
    expect(arrived.status).toBe(200);
    expect(arrived.body).toEqual({
      outcome: 'SUCCESS',
      result: {
        ...announced,
        status: 'ARRIVED',
        updatedAt: expect.stringMatching(ISO_MS),
        arrivedAt: expect.stringMatching(ISO_MS),
      },
    });
    // Arrival moves no stock.
    expect(await levels()).toEqual(shipped);

    // Two of three B1 arrived, one goes back on the shelf; the B2 line arrived whole and is disposed of.
    const processed = await run('PROCESS_RETURN', {
      returnId: announced.id,
      lines: [
        { barcode: org.barcodes[1], receivedQuantity: 2, restockQuantity: 0 },
        { barcode: org.barcodes[0], receivedQuantity: 2, restockQuantity: 1 },
      ],
    });
    expect(processed.body).toEqual({
      outcome: 'SUCCESS',
      result: {
        ...announced,
        status: 'COMPLETED',
        lines: [
          { barcode: org.barcodes[0], sku: skus[0], quantity: 3, action: 'RESTOCK', receivedQuantity: 2, restockedQuantity: 1 },
          { barcode: org.barcodes[1], sku: skus[1], quantity: 2, action: 'DISPOSE', receivedQuantity: 2, restockedQuantity: 0 },
        ],
        updatedAt: expect.stringMatching(ISO_MS),
        arrivedAt: arrived.body.result.arrivedAt,
        completedAt: expect.stringMatching(ISO_MS),
      },
    });
    const restocked = [
      { onHand: 7, allocated: 0, pendingAllocation: 0 },
      { onHand: 3, allocated: 1, pendingAllocation: 0 },
    ];
    expect(await levels()).toEqual(restocked);
    expect((await eventsOf(database.db, announced.id)).map((e) => [e.type, e.barcode, e.warehouseId, e.payload.delta ?? null])).toEqual([
      ['ReturnCreated', null, org.warehouseId, null],
      ['ReturnArrived', null, org.warehouseId, null],
      ['ReturnCompleted', null, org.warehouseId, null],
      ['StockRestocked', org.barcodes[0], org.warehouseId, { onHand: 1, allocated: 0, pendingAllocation: 0 }],
    ]);

    const corrupt = () =>
      database.db.query('UPDATE inventory_levels SET on_hand = 99, allocated = 0 WHERE organization_id = $1 AND warehouse_id = $2', [
        org.organizationId,
        org.warehouseId,
      ]);
    await corrupt();
    expect((await run('REBUILD_INVENTORY_LEVELS', { barcodes: [org.barcodes[0], org.barcodes[1]] })).body.outcome).toBe('SUCCESS');
    expect(await levels()).toEqual(restocked);
    await corrupt();
    const initiator = `ops-${org.organizationId.slice(0, 8)}@example.com`;
    const clarify = await gateway.post('/internal-tools/clarify-inventory-levels', {
      organizationId: org.organizationId,
      initiator,
      barcodes: [org.barcodes[0], org.barcodes[1]],
    });
    expect(clarify.status).toBe(202);
    await waitForClarifications(database.db, initiator);
    expect(await levels()).toEqual(restocked);
  });

  it('processes a return still awaiting arrival: the arrival is recorded first, then the completion', async () => {
    const { salesOrderId } = await shippedOrder();
    const announced = await announceReturn(database.db, org, salesOrderId, { lines: [{ barcode: org.barcodes[0], quantity: 4 }] });
    const processed = await run('PROCESS_RETURN', { returnId: announced.id, lines: [{ barcode: org.barcodes[0], receivedQuantity: 4, restockQuantity: 4 }] });
    expect(processed.body.result).toMatchObject({ status: 'COMPLETED', arrivedAt: expect.stringMatching(ISO_MS), completedAt: expect.stringMatching(ISO_MS) });
    expect((await eventsOf(database.db, announced.id)).map((e) => e.type)).toEqual(['ReturnCreated', 'ReturnArrived', 'ReturnCompleted', 'StockRestocked']);
    expect(await level(org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });
  });

  describe('refusals: 200 FAILED with the reason, nothing changed', () => {
    const unchanged = async (commandName: string, body: Record<string, unknown>, reason: string) => {
      const returnId = body.returnId as string;
      const before = { levels: await levels(), events: await eventCount(database.db), status: await returnStatus(returnId) };
      const res = await run(commandName, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outcome: 'FAILED', reason });
      expect({ levels: await levels(), events: await eventCount(database.db), status: await returnStatus(returnId) }).toEqual(before);
    };

    it('refuses lines that do not match the return', async () => {
      const { salesOrderId } = await shippedOrder();
      const { id: returnId } = await partialReturn(salesOrderId);
      const b1 = (receivedQuantity: number, restockQuantity: number) => ({ barcode: org.barcodes[0], receivedQuantity, restockQuantity });
      const b2 = (restockQuantity: number) => ({ barcode: org.barcodes[1], receivedQuantity: 2, restockQuantity });
      await unchanged('PROCESS_RETURN', { returnId, lines: [b1(1, 1)] }, `Every line of the return must be named; ${org.barcodes[1]} is missing.`);
      await unchanged('PROCESS_RETURN', { returnId, lines: [b1(4, 0), b2(0)] }, `${org.barcodes[0]}: receivedQuantity 4 exceeds the 3 announced.`);
      await unchanged('PROCESS_RETURN', { returnId, lines: [b1(1, 2), b2(0)] }, `${org.barcodes[0]}: restockQuantity 2 exceeds receivedQuantity 1.`);
      await unchanged('PROCESS_RETURN', { returnId, lines: [b1(1, 1), b2(1)] }, `${org.barcodes[1]} is to be disposed of: its restockQuantity must be 0.`);
      await unchanged(
        'PROCESS_RETURN',
        { returnId, lines: [b1(1, 1), b2(0), { barcode: org.barcodes[2], receivedQuantity: 0, restockQuantity: 0 }] },
        `${org.barcodes[2]} is not a line of the return.`,
      );
      await unchanged('PROCESS_RETURN', { returnId, lines: [b1(1, 1), b1(1, 1), b2(0)] }, 'Each barcode of the return may be named once.');
    });

    it('refuses a step the state does not allow, and a return of another organization', async () => {
      const { salesOrderId } = await shippedOrder();
      const { id: returnId } = await announceReturn(database.db, org, salesOrderId, { lines: [{ barcode: org.barcodes[0], quantity: 1 }] });
      expect((await run('MARK_RETURN_ARRIVED', { returnId })).body.outcome).toBe('SUCCESS');
      await unchanged('MARK_RETURN_ARRIVED', { returnId }, 'A return that is ARRIVED cannot be marked arrived; allowed from AWAITING_ARRIVAL.');
      const lines = [{ barcode: org.barcodes[0], receivedQuantity: 1, restockQuantity: 1 }];
      expect((await run('PROCESS_RETURN', { returnId, lines })).body.outcome).toBe('SUCCESS');
      await unchanged('PROCESS_RETURN', { returnId, lines }, 'A return that is COMPLETED cannot be processed; allowed from AWAITING_ARRIVAL, ARRIVED.');
      await unchanged('MARK_RETURN_ARRIVED', { returnId }, 'A return that is COMPLETED cannot be marked arrived; allowed from AWAITING_ARRIVAL.');

      const other = await seedOrganization(database.db);
      const res = await dispatch(gateway, other.organizationId, 'MARK_RETURN_ARRIVED', { returnId });
      expect(res.body).toEqual({ outcome: 'FAILED', reason: 'The return does not exist in this organization.' });
    });
  });

  it('refuses invalid bodies with pointers (400), unknown properties included', async () => {
    const returnId = '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b';
    const invalid = async (commandName: string, body: unknown, pointers: string[]) => {
      const res = await run(commandName, body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(pointers.sort());
    };
    await invalid('MARK_RETURN_ARRIVED', { returnId: 'nope' }, ['/commandBody/returnId']);
    await invalid('MARK_RETURN_ARRIVED', { returnId, extra: 1 }, ['/commandBody/extra']);
    await invalid('PROCESS_RETURN', { returnId, lines: [] }, ['/commandBody/lines']);
    await invalid('PROCESS_RETURN', { returnId, lines: [{ barcode: 'bad barcode', receivedQuantity: -1, restockQuantity: 1.5, note: 'x' }] }, [
      '/commandBody/lines/0/barcode',
      '/commandBody/lines/0/receivedQuantity',
      '/commandBody/lines/0/restockQuantity',
      '/commandBody/lines/0/note',
    ]);
  });

  it('refuses to archive a unit an open return names (ARCHIVAL_FAILED OPEN_RETURNS), and archives it once the return is done', async () => {
    // B1 emptied: an order of all 10 of it shipped, so only the return stands in the way.
    const placed = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 10 }]);
    await fulfilment(database.db).allocate(org.organizationId, placed.fulfilmentOrderId);
    await fulfilment(database.db).ship(org.organizationId, placed.fulfilmentOrderId);
    const announced = await announceReturn(database.db, org, placed.salesOrderId, { lines: [{ barcode: org.barcodes[0], quantity: 2, action: 'DISPOSE' }] });
    const archive = () => gateway.post(`/organizations/${org.organizationId}/retail-units/${org.barcodes[0]}/archive`);
    const refused = await archive();
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      outcome: 'ARCHIVAL_FAILED',
      reason: 'OPEN_RETURNS',
      detail: 'A return still to arrive or be processed has a line of this unit.',
    });
    await run('PROCESS_RETURN', { returnId: announced.id, lines: [{ barcode: org.barcodes[0], receivedQuantity: 2, restockQuantity: 0 }] });
    expect((await archive()).body).toEqual({ outcome: 'SUCCESS' });
  });
});
