// Inbound shipments on the internal gateway (contract 6.9): RECEIVE_INBOUND_SHIPMENT and CLOSE_INBOUND_SHIPMENT
// through dispatch-command (the stock arithmetic of a two-part receipt with an overage and an unannounced
// barcode, checked after each step and after REBUILD_INVENTORY_LEVELS and clarify; completion by itself; the
// refusals that change nothing; bodies validated), a warehouse's inbound list by expected date, and archival
// refused while an open inbound shipment names the unit.
import { SeededOrganization, announceInboundShipment, importFixture, seedOrganization } from '@gateway/testing';
import { dispatch, eventCount, eventsOf, storedLevel, waitForClarifications } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('inbound shipments (internal gateway)', () => {
  const { database, gateway } = useInternalGateway();
  let org: SeededOrganization;
  let extra: string;

  beforeEach(async () => {
    // B1: onHand 10; B2: onHand 5, allocated 1; a third live unit with no level yet.
    org = await seedOrganization(database.db);
    extra = `B-${org.organizationId.slice(0, 8)}-3`;
    await importFixture(database.db, { retailUnits: [{ organizationId: org.organizationId, barcode: extra, sku: `SKU-${extra}`, name: 'Third' }] });
  });

  const run = (commandName: string, commandBody: unknown) => dispatch(gateway, org.organizationId, commandName, commandBody);
  const level = (barcode: string) => storedLevel(database.db, org.organizationId, org.warehouseId, barcode);
  const levels = async () => [await level(org.barcodes[0]), await level(org.barcodes[1]), await level(extra)];
  const announce = (lines: { barcode: string; quantity: number }[], expectedArrivalDate = dayFromToday(1)) =>
    announceInboundShipment(database.db, org, lines, { expectedArrivalDate });
  const status = async (id: string) => (await database.db.query('SELECT status FROM inbound_shipments WHERE id = $1', [id])).rows[0].status as string;

  it('receives in two parts with an overage and an unannounced barcode: onHand rises by what was counted, levels rebuild from the log', async () => {
    const shipment = await announce([
      { barcode: org.barcodes[0], quantity: 6 },
      { barcode: org.barcodes[1], quantity: 4 },
    ]);
    expect(await levels()).toEqual([{ onHand: 10, allocated: 0, pendingAllocation: 0 }, { onHand: 5, allocated: 1, pendingAllocation: 0 }, undefined]);

    const first = await run('RECEIVE_INBOUND_SHIPMENT', {
      inboundShipmentId: shipment.id,
      lines: [
        { barcode: org.barcodes[0], quantity: 4 },
        { barcode: extra, quantity: 2 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      outcome: 'SUCCESS',
      result: {
        ...shipment,
        status: 'RECEIVING',
        lines: [
          { ...shipment.lines[0], receivedQuantity: 4 },
          { ...shipment.lines[1], receivedQuantity: 0 },
          { barcode: extra, sku: `SKU-${extra}`, expectedQuantity: 0, receivedQuantity: 2 },
        ],
        updatedAt: expect.any(String),
      },
    });
    const afterFirst = [
      { onHand: 14, allocated: 0, pendingAllocation: 0 },
      { onHand: 5, allocated: 1, pendingAllocation: 0 },
      { onHand: 2, allocated: 0, pendingAllocation: 0 },
    ];
    expect(await levels()).toEqual(afterFirst);

    // The rest, one more of B1 than announced: every line has what was announced, so it completes by itself.
    const second = await run('RECEIVE_INBOUND_SHIPMENT', {
      inboundShipmentId: shipment.id,
      lines: [
        { barcode: org.barcodes[0], quantity: 3 },
        { barcode: org.barcodes[1], quantity: 4 },
      ],
    });
    expect(second.body.outcome).toBe('SUCCESS');
    expect(second.body.result).toMatchObject({
      status: 'COMPLETED',
      completedAt: expect.any(String),
      lines: [
        { barcode: org.barcodes[0], expectedQuantity: 6, receivedQuantity: 7 },
        { barcode: org.barcodes[1], expectedQuantity: 4, receivedQuantity: 4 },
        { barcode: extra, expectedQuantity: 0, receivedQuantity: 2 },
      ],
    });
    const afterSecond = [
      { onHand: 17, allocated: 0, pendingAllocation: 0 },
      { onHand: 9, allocated: 1, pendingAllocation: 0 },
      { onHand: 2, allocated: 0, pendingAllocation: 0 },
    ];
    expect(await levels()).toEqual(afterSecond);
    // The stock moved through the same event RECEIVE_STOCK appends, naming the shipment.
    const received = await eventsOf(database.db, `${org.warehouseId}/${org.barcodes[0]}`);
    expect(received.filter((e) => e.type === 'StockReceived').map((e) => e.payload)).toEqual([
      { inboundShipmentId: shipment.id, delta: { onHand: 4, allocated: 0, pendingAllocation: 0 } },
      { inboundShipmentId: shipment.id, delta: { onHand: 3, allocated: 0, pendingAllocation: 0 } },
    ]);
    expect((await eventsOf(database.db, shipment.id)).map((e) => e.type)).toEqual([
      'InboundShipmentCreated',
      'InboundShipmentReceived',
      'InboundShipmentReceived',
      'InboundShipmentCompleted',
    ]);

    // Levels are a projection of the log: a rebuild and a clarify reproduce them.
    const barcodes = [org.barcodes[0], org.barcodes[1], extra];
    const corrupt = () => database.db.query('UPDATE inventory_levels SET on_hand = 99 WHERE organization_id = $1', [org.organizationId]);
    await corrupt();
    expect((await run('REBUILD_INVENTORY_LEVELS', { barcodes })).body.outcome).toBe('SUCCESS');
    expect(await levels()).toEqual(afterSecond);
    await corrupt();
    const initiator = `ops-inbound-${org.organizationId.slice(0, 8)}@example.com`;
    expect((await gateway.post('/internal-tools/clarify-inventory-levels', { organizationId: org.organizationId, initiator, barcodes })).status).toBe(202);
    await waitForClarifications(database.db, initiator);
    expect(await levels()).toEqual(afterSecond);
  });

  it('CLOSE_INBOUND_SHIPMENT completes a shipment with less than announced, and from AWAITING; nothing moves', async () => {
    const partial = await announce([{ barcode: org.barcodes[0], quantity: 6 }]);
    await run('RECEIVE_INBOUND_SHIPMENT', { inboundShipmentId: partial.id, lines: [{ barcode: org.barcodes[0], quantity: 2 }] });
    const before = await levels();
    const closed = await run('CLOSE_INBOUND_SHIPMENT', { inboundShipmentId: partial.id });
    expect(closed.body).toMatchObject({
      outcome: 'SUCCESS',
      result: { status: 'COMPLETED', lines: [{ barcode: org.barcodes[0], expectedQuantity: 6, receivedQuantity: 2 }] },
    });
    expect(await levels()).toEqual(before);
    const untouched = await announce([{ barcode: org.barcodes[1], quantity: 1 }]);
    expect((await run('CLOSE_INBOUND_SHIPMENT', { inboundShipmentId: untouched.id })).body.result.status).toBe('COMPLETED');
    expect(await levels()).toEqual(before);
  });

  describe('refusals: 200 FAILED with the reason, nothing changed', () => {
    const unchanged = async (commandName: string, body: unknown, reason: string | RegExp) => {
      const before = { levels: await levels(), events: await eventCount(database.db) };
      const res = await run(commandName, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outcome: 'FAILED', reason: typeof reason === 'string' ? reason : expect.stringMatching(reason) });
      expect({ levels: await levels(), events: await eventCount(database.db) }).toEqual(before);
    };

    it('refuses unknown shipments and barcodes, archived units, and the states that do not allow it', async () => {
      const shipment = await announce([{ barcode: org.barcodes[0], quantity: 1 }]);
      const missing = '00000000-0000-4000-8000-000000000000';
      await unchanged(
        'RECEIVE_INBOUND_SHIPMENT',
        { inboundShipmentId: missing, lines: [{ barcode: org.barcodes[0], quantity: 1 }] },
        'The inbound shipment does not exist in this organization.',
      );
      await unchanged('CLOSE_INBOUND_SHIPMENT', { inboundShipmentId: missing }, 'The inbound shipment does not exist in this organization.');
      await unchanged(
        'RECEIVE_INBOUND_SHIPMENT',
        {
          inboundShipmentId: shipment.id,
          lines: [
            { barcode: org.barcodes[0], quantity: 1 },
            { barcode: 'NOT-A-UNIT', quantity: 1 },
          ],
        },
        'The barcode NOT-A-UNIT is not a retail unit of this organization.',
      );
      await unchanged(
        'RECEIVE_INBOUND_SHIPMENT',
        { inboundShipmentId: shipment.id, lines: [{ barcode: org.barcodes[2], quantity: 1 }] },
        `The retail unit ${org.barcodes[2]} is archived: stock cannot be received for it.`,
      );
      expect(await status(shipment.id)).toBe('AWAITING');
      // Another organization's shipment is unknown here.
      const other = await seedOrganization(database.db, { warehouseId: org.warehouseId });
      const theirs = await announceInboundShipment(database.db, other, [{ barcode: other.barcodes[0], quantity: 1 }]);
      await unchanged('CLOSE_INBOUND_SHIPMENT', { inboundShipmentId: theirs.id }, 'The inbound shipment does not exist in this organization.');
      // COMPLETED: neither received nor closed again.
      await run('RECEIVE_INBOUND_SHIPMENT', { inboundShipmentId: shipment.id, lines: [{ barcode: org.barcodes[0], quantity: 1 }] });
      expect(await status(shipment.id)).toBe('COMPLETED');
      await unchanged(
        'RECEIVE_INBOUND_SHIPMENT',
        { inboundShipmentId: shipment.id, lines: [{ barcode: org.barcodes[0], quantity: 1 }] },
        'An inbound shipment that is COMPLETED cannot be received; allowed from AWAITING, RECEIVING.',
      );
      await unchanged(
        'CLOSE_INBOUND_SHIPMENT',
        { inboundShipmentId: shipment.id },
        'An inbound shipment that is COMPLETED cannot be completed; allowed from AWAITING, RECEIVING.',
      );
    });
  });

  it('validates the bodies: 400 with pointers, nothing changed', async () => {
    const shipment = await announce([{ barcode: org.barcodes[0], quantity: 1 }]);
    const cases: [unknown, string[]][] = [
      [{ inboundShipmentId: 'not-a-uuid', lines: [{ barcode: org.barcodes[0], quantity: 1 }] }, ['/commandBody/inboundShipmentId']],
      [{ inboundShipmentId: shipment.id, lines: [] }, ['/commandBody/lines']],
      [
        {
          inboundShipmentId: shipment.id,
          lines: [
            { barcode: org.barcodes[0], quantity: 0 },
            { barcode: org.barcodes[1], quantity: 1_000_001 },
            { barcode: 'a b', quantity: 1, extra: 1 },
          ],
        },
        ['/commandBody/lines/0/quantity', '/commandBody/lines/1/quantity', '/commandBody/lines/2/barcode', '/commandBody/lines/2/extra'],
      ],
      [
        {
          inboundShipmentId: shipment.id,
          lines: [
            { barcode: org.barcodes[0], quantity: 1 },
            { barcode: org.barcodes[0], quantity: 1 },
          ],
        },
        ['/commandBody/lines'],
      ],
      [{ inboundShipmentId: shipment.id, lines: [{ barcode: org.barcodes[0], quantity: 1 }], note: 'x' }, ['/commandBody/note']],
    ];
    for (const [body, pointers] of cases) {
      const res = await run('RECEIVE_INBOUND_SHIPMENT', body);
      expect([body, res.status, (res.body.errors as { pointer: string }[]).map((e) => e.pointer).sort()]).toEqual([body, 400, pointers.sort()]);
    }
    const close = await run('CLOSE_INBOUND_SHIPMENT', { inboundShipmentId: shipment.id, lines: [] });
    expect([close.status, close.body.errors]).toEqual([400, [{ pointer: '/commandBody/lines', message: expect.any(String) }]]);
    expect(await status(shipment.id)).toBe('AWAITING');
  });

  describe("a warehouse's inbound list", () => {
    const list = (query: Record<string, string | number> = {}, organizationId = org.organizationId, warehouseId = org.warehouseId) => {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return gateway.get(`/organizations/${organizationId}/warehouses/${warehouseId}/inbound-shipments${search ? `?${search}` : ''}`);
    };

    it('lists the open ones by expected arrival date, pages, filters by status, and answers 404 for an unknown organization or warehouse', async () => {
      const late = await announce([{ barcode: org.barcodes[0], quantity: 1 }], dayFromToday(9));
      const soon = await announce([{ barcode: org.barcodes[0], quantity: 1 }], dayFromToday(1));
      const middle = await announce([{ barcode: org.barcodes[0], quantity: 5 }], dayFromToday(4));
      const done = await announce([{ barcode: org.barcodes[1], quantity: 1 }], dayFromToday(2));
      await run('RECEIVE_INBOUND_SHIPMENT', { inboundShipmentId: middle.id, lines: [{ barcode: org.barcodes[0], quantity: 1 }] });
      await run('CLOSE_INBOUND_SHIPMENT', { inboundShipmentId: done.id });
      // Another organization on the same warehouse: not listed here.
      const other = await seedOrganization(database.db, { warehouseId: org.warehouseId });
      await announceInboundShipment(database.db, other, [{ barcode: other.barcodes[0], quantity: 1 }]);

      const open = await list();
      expect(open.status).toBe(200);
      expect(open.body.items.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
        [soon.id, 'AWAITING'],
        [middle.id, 'RECEIVING'],
        [late.id, 'AWAITING'],
      ]);
      expect(open.body.nextCursor).toBeNull();
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({ limit: 1, ...(cursor ? { cursor } : {}) });
        paged.push(...page.body.items.map((s: { id: string }) => s.id));
        cursor = page.body.nextCursor ?? undefined;
      } while (cursor);
      expect(paged).toEqual([soon.id, middle.id, late.id]);
      expect((await list({ status: 'COMPLETED' })).body.items.map((s: { id: string }) => s.id)).toEqual([done.id]);
      const first = await list({ limit: 1 });
      expect((await list({ status: 'AWAITING', cursor: first.body.nextCursor })).status).toBe(400);
      for (const query of [{ status: 'OPEN' }, { limit: 0 }, { limit: 101 }, { unknown: 1 }] as Record<string, string | number>[])
        expect([query, (await list(query)).status]).toEqual([query, 400]);
      expect((await list({}, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await list({}, org.organizationId, 'wh-does-not-exist')).status).toBe(404);
    });
  });

  it('refuses to archive a retail unit an open inbound shipment names (ARCHIVAL_FAILED), and archives it once the shipment is done', async () => {
    const archive = () => gateway.post(`/organizations/${org.organizationId}/retail-units/${extra}/archive`);
    const shipment = await announce([{ barcode: extra, quantity: 1 }]);
    const refused = await archive();
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      outcome: 'ARCHIVAL_FAILED',
      reason: 'OPEN_INBOUND_SHIPMENTS',
      detail: 'An inbound shipment still awaited or being received names this unit.',
    });
    await run('CLOSE_INBOUND_SHIPMENT', { inboundShipmentId: shipment.id });
    expect((await archive()).body).toEqual({ outcome: 'SUCCESS' });
  });
});
