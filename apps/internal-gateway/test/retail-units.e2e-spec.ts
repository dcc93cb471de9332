// POST /organizations/{organizationId}/retail-units/{barcode}/archive: refused while the unit has stock on
// hand or orders still to be fulfilled, idempotent, one event per archival.
import { randomUUID } from 'node:crypto';
import { SeededOrganization, importFixture, placeSalesOrder, seedOrganization } from '@gateway/testing';
import { dispatch, eventCount, eventsOf } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

describe('retail-unit archival', () => {
  const { database, gateway } = useInternalGateway();
  let org: SeededOrganization;

  beforeAll(async () => {
    org = await seedOrganization(database.db);
  });

  const archive = (barcode: string, organizationId = org.organizationId) => gateway.post(`/organizations/${organizationId}/retail-units/${barcode}/archive`);
  const isArchived = async (barcode: string) =>
    (
      await database.db.query('SELECT archived_at IS NOT NULL AS archived FROM retail_units WHERE organization_id = $1 AND barcode = $2', [
        org.organizationId,
        barcode,
      ])
    ).rows[0].archived;
  /** A live unit of the organization with a zero level at its warehouse. */
  async function newUnit(): Promise<string> {
    const barcode = `U-${randomUUID().slice(0, 8)}`;
    await importFixture(database.db, {
      retailUnits: [{ organizationId: org.organizationId, barcode, sku: `SKU-${barcode}`, name: 'Unit' }],
      inventory: [{ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode, onHand: 0 }],
    });
    return barcode;
  }

  it('archives a unit without stock or open orders, with its event; archiving again succeeds and writes nothing', async () => {
    const barcode = await newUnit();
    const res = await archive(barcode);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ outcome: 'SUCCESS' });
    expect(await isArchived(barcode)).toBe(true);
    expect((await eventsOf(database.db, barcode)).map((e) => e.type)).toEqual(['RetailUnitImported', 'RetailUnitArchived']);
    expect((await eventsOf(database.db, barcode)).at(-1)).toEqual({
      type: 'RetailUnitArchived',
      aggregateType: 'RetailUnit',
      warehouseId: null,
      barcode,
      initiator: gateway.clientId,
      payload: { sku: `SKU-${barcode}` },
    });

    const events = await eventCount(database.db);
    const again = await archive(barcode);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ outcome: 'SUCCESS' });
    expect(await eventCount(database.db)).toBe(events);
  });

  it('fails while a warehouse holds stock of the unit', async () => {
    const res = await archive(org.barcodes[0]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outcome: 'ARCHIVAL_FAILED', reason: 'STOCK_ON_HAND', detail: `The unit has stock on hand at ${org.warehouseId}.` });
    expect(await isArchived(org.barcodes[0])).toBe(false);
  });

  it('fails while an order still to be fulfilled has a line of the unit, and succeeds once it is cancelled', async () => {
    const barcode = await newUnit();
    const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [{ barcode, quantity: 2 }]);
    const events = await eventCount(database.db);
    expect((await archive(barcode)).body).toEqual({
      outcome: 'ARCHIVAL_FAILED',
      reason: 'OPEN_FULFILMENT_ORDERS',
      detail: '1 fulfilment order is still to be fulfilled with this unit.',
    });
    expect(await eventCount(database.db)).toBe(events);
    expect(await isArchived(barcode)).toBe(false);

    await gateway.post(`/organizations/${org.organizationId}/fulfilment-orders/${fulfilmentOrderId}/cancel`).expect(200);
    expect((await archive(barcode)).body).toEqual({ outcome: 'SUCCESS' });
  });

  it('archives a unit whose stock has all been shipped', async () => {
    const barcode = await newUnit();
    await dispatch(gateway, org.organizationId, 'RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode, quantity: 2 });
    const { fulfilmentOrderId } = await placeSalesOrder(database.db, org, [{ barcode, quantity: 2 }]);
    await dispatch(gateway, org.organizationId, 'ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
    expect((await archive(barcode)).body.reason).toBe('STOCK_ON_HAND');
    await dispatch(gateway, org.organizationId, 'SHIP_FULFILMENT_ORDER', { fulfilmentOrderId });
    expect((await archive(barcode)).body).toEqual({ outcome: 'SUCCESS' });
  });

  it('keeps new sales orders and receipts away from an archived unit', async () => {
    const barcode = await newUnit();
    await archive(barcode).expect(200);
    await expect(placeSalesOrder(database.db, org, [{ barcode, quantity: 1 }])).rejects.toMatchObject({
      response: { errors: [{ pointer: '/lineItems/0/barcode', message: 'is an archived retail unit' }] },
    });
    expect((await dispatch(gateway, org.organizationId, 'RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode, quantity: 1 })).body.outcome).toBe('FAILED');
  });

  it('answers 404 for an unknown barcode or organization, 400 for a malformed barcode', async () => {
    const unknown = await archive('NOT-A-UNIT');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      type: '/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'The barcode is not a retail unit of this organization.',
    });
    const noOrg = await archive(org.barcodes[0], '00000000-0000-4000-8000-000000000000');
    expect(noOrg.status).toBe(404);
    expect(noOrg.body.detail).toBe('The organization does not exist.');
    const malformed = await archive('bad%21');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ pointer: '/path/barcode', message: 'must be 1 to 100 letters, digits, dots, underscores or hyphens' }]);
  });
});
