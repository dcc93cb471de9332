// Reads on a replica through the internal gateway (contract section 8): a Postgres 15 primary and a streaming
// replica (Debian's packages), the gateway with DATABASE_URL on the primary and DATABASE_READ_URL on the replica.
// With the replica's replay paused, the organization record, an inventory level, the organization's and the
// warehouse's inventory lists, the release-channel features and the events by barcode answer what the replica
// holds, even right after this client's own write; once replay resumes they answer the primary's.
import { DomainEventRepository } from '@gateway/persistence';
import { importFixture, postgres15Missing, useReplicaGateway } from '@gateway/testing';
import { startInternalGateway } from './support/start-internal-gateway';

const missing = postgres15Missing();
const describeTier = missing ? describe.skip : describe;
if (missing) console.warn(`SKIPPED: the internal replica reads test: ${missing}`);

describeTier('reads on a streaming replica, through the internal gateway', () => {
  const {
    pair,
    primary,
    organization: org,
    gateway,
  } = useReplicaGateway((primaryUrl, replicaUrl) => startInternalGateway(primaryUrl, { DATABASE_READ_URL: replicaUrl }));

  const releaseChannel = async () => {
    const res = await gateway.get(`/organizations/${org.organizationId}`);
    expect(res.status).toBe(200);
    return res.body.releaseChannel as string;
  };
  const onHand = async () => {
    const res = await gateway.get(`/organizations/${org.organizationId}/warehouses/${org.warehouseId}/inventory/${org.barcodes[0]}`);
    expect(res.status).toBe(200);
    return res.body.onHand as number;
  };
  /** The barcode's on-hand quantity in the organization's inventory list and in its warehouse's. */
  const listedOnHand = async () => {
    const lists = [`/organizations/${org.organizationId}/inventory`, `/organizations/${org.organizationId}/warehouses/${org.warehouseId}/inventory`];
    const quantities = [];
    for (const path of lists) {
      const res = await gateway.get(path);
      expect(res.status).toBe(200);
      const items = res.body.items as Array<{ warehouseId: string; barcode: string; onHand: number }>;
      quantities.push(items.find((i) => i.warehouseId === org.warehouseId && i.barcode === org.barcodes[0])?.onHand);
    }
    return quantities;
  };
  const features = async () => {
    const res = await gateway.get('/internal-tools/release-channel-features');
    expect(res.status).toBe(200);
    return (res.body as Array<{ name: string }>).map((f) => f.name);
  };
  const eventTypes = async () => {
    const res = await gateway.get(`/internal-tools/events/by-barcode?organizationId=${org.organizationId}&barcode=${org.barcodes[0]}`);
    expect(res.status).toBe(200);
    return (res.body.items as Array<{ type: string }>).map((e) => e.type);
  };

  it('answers the record, a level, the inventory lists, the features and the events by barcode from the paused replica, then what the primary holds once it replays', async () => {
    // The import's own events for the barcode, newest first.
    const imported = await eventTypes();
    expect(imported).toEqual(['InventoryLevelImported', 'RetailUnitImported']);
    expect([await releaseChannel(), await onHand(), await listedOnHand()]).toEqual(['STABLE', 10, [10, 10]]);
    const featuresBefore = await features();
    const feature = `replica-feature-${org.organizationId.slice(0, 8)}`;
    await pair.whileReplayPaused(async () => {
      const assigned = await gateway.post(`/organizations/${org.organizationId}/release-channel`, { releaseChannel: 'BETA' });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toEqual({ outcome: 'success', organizationId: org.organizationId, releaseChannel: 'BETA' });
      await primary.query('UPDATE inventory_levels SET on_hand = 7 WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
        org.organizationId,
        org.warehouseId,
        org.barcodes[0],
      ]);
      await importFixture(primary, { releaseChannelFeatures: [{ name: feature, description: 'Added while replay is paused.', releaseChannel: 'STABLE' }] });
      await new DomainEventRepository().append(primary, [
        { organizationId: org.organizationId, type: 'TestCounted', aggregateType: 'Test', aggregateId: 'count-1', barcode: org.barcodes[0], payload: {} },
      ]);
      expect([await releaseChannel(), await onHand(), await listedOnHand(), await eventTypes()]).toEqual(['STABLE', 10, [10, 10], imported]);
      expect(await features()).toEqual(featuresBefore);
    });
    expect([await releaseChannel(), await onHand(), await listedOnHand(), await eventTypes()]).toEqual(['BETA', 7, [7, 7], ['TestCounted', ...imported]]);
    expect(await features()).toContain(feature);
  });
});
