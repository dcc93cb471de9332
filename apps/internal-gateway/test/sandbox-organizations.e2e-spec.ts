// Sandbox organizations on the internal gateway (contract 6.10): the organization record says which environment
// it is and whether it auto-advances; staff stock commands keep a sandbox's stock at its own warehouse and
// every other organization's away from it; a sandbox warehouse's inbound list shows the sandbox's shipments.
import { SeededOrganization, announceInboundShipment, importFixture, seedOrganization } from '@gateway/testing';
import { dispatch, eventCount } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

const SANDBOX = '7e1d5b2f-6c8a-4d3e-8f9b-2a3b4c5d6e7f';
const OWN = `sandbox-${SANDBOX}`;
const NOT_FOR_IT =
  'The warehouse is not one this organization may use: a sandbox keeps stock only at its own warehouse, and no other organization at a sandbox’s.';

describe('sandbox organizations (internal gateway)', () => {
  const { database, gateway } = useInternalGateway();
  let live: SeededOrganization;

  beforeEach(async () => {
    live = await seedOrganization(database.db);
    await importFixture(database.db, {
      organizations: [{ id: SANDBOX, name: 'Sandbox Co', sandbox: true, autoAdvance: true }],
      stores: [{ id: 'store-sandbox-internal', organizationId: SANDBOX, name: 'Test shop', warehouseId: OWN }],
      retailUnits: [{ organizationId: SANDBOX, barcode: 'SBX-1', sku: 'SBX-SKU-1', name: 'Thing' }],
    });
  });

  it('shows environment and autoAdvance in the organization record', async () => {
    const sandbox = await gateway.get(`/organizations/${SANDBOX}`);
    expect(sandbox.status).toBe(200);
    expect([sandbox.body.environment, sandbox.body.autoAdvance]).toEqual(['sandbox', true]);
    const liveRecord = await gateway.get(`/organizations/${live.organizationId}`);
    expect([liveRecord.body.environment, liveRecord.body.autoAdvance]).toEqual(['live', false]);
  });

  it("receives a sandbox's stock at its own warehouse only, and no other organization's at it", async () => {
    const events = await eventCount(database.db);
    const elsewhere = await dispatch(gateway, SANDBOX, 'RECEIVE_STOCK', { warehouseId: live.warehouseId, barcode: 'SBX-1', quantity: 1 });
    expect(elsewhere.body).toEqual({ outcome: 'FAILED', reason: NOT_FOR_IT });
    const intoSandbox = await dispatch(gateway, live.organizationId, 'RECEIVE_STOCK', { warehouseId: OWN, barcode: live.barcodes[0], quantity: 1 });
    expect(intoSandbox.body).toEqual({ outcome: 'FAILED', reason: NOT_FOR_IT });
    expect(await eventCount(database.db)).toBe(events);
    const own = await dispatch(gateway, SANDBOX, 'RECEIVE_STOCK', { warehouseId: OWN, barcode: 'SBX-1', quantity: 4 });
    expect(own.body).toEqual({ outcome: 'SUCCESS', result: expect.objectContaining({ organizationId: SANDBOX, warehouseId: OWN, onHand: 4 }) });
  });

  it("lists a sandbox warehouse's inbound shipments with environment 'sandbox'", async () => {
    const shipment = await announceInboundShipment(database.db, { organizationId: SANDBOX, warehouseId: OWN }, [{ barcode: 'SBX-1', quantity: 2 }]);
    expect(shipment.environment).toBe('sandbox');
    const list = await gateway.get(`/organizations/${SANDBOX}/warehouses/${OWN}/inbound-shipments`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((s: { id: string; environment: string }) => [s.id, s.environment])).toEqual([[shipment.id, 'sandbox']]);
  });
});
