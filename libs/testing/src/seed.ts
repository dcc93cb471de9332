// Test data in one line: a small organization with a store, warehouse, retail units and stock,
// written through the real importer, built from its module.
import { randomUUID } from 'node:crypto';
import { Database } from '@gateway/persistence';
import { Fixture, FixtureImportService, FixturesModule } from '@gateway/fixture-import';
import { withDomainModule } from './domain-module';

export async function importFixture(db: Database, fixture: Fixture): Promise<void> {
  await withDomainModule(db, FixturesModule, (fixtures) => fixtures.get(FixtureImportService).import(fixture));
}

export interface SeededOrganization {
  organizationId: string;
  warehouseId: string;
  storeId: string;
  otherStoreId: string;
  connectionId: string;
  ownerId: string;
  memberId: string;
  barcodes: string[];
}

/** One organization: two stores (one behind a connection), an owner and a member, three units (one archived) with stock. */
/** A warehouse or barcodes may be given, to put two organizations side by side (warehouses are shared; barcodes are per organization). */
export async function seedOrganization(
  db: Database,
  options: { organizationId?: string; warehouseId?: string; barcodes?: [string, string, string]; sandbox?: { autoAdvance: boolean } } = {},
): Promise<SeededOrganization> {
  const organizationId = options.organizationId ?? randomUUID();
  const tag = organizationId.slice(0, 8);
  // A sandbox ships from the warehouse of its own the import gives it (contract 6.10), never one of the file's.
  const warehouseId = options.sandbox ? `sandbox-${organizationId}` : (options.warehouseId ?? `wh-${tag}`);
  const seeded: SeededOrganization = {
    organizationId,
    warehouseId,
    storeId: `store-${tag}`,
    otherStoreId: `store-${tag}-2`,
    connectionId: `conn-${tag}`,
    ownerId: `owner-${tag}`,
    memberId: `member-${tag}`,
    barcodes: options.barcodes ?? [`B-${tag}-1`, `B-${tag}-2`, `B-${tag}-old`],
  };
  await importFixture(db, {
    warehouses: options.sandbox ? [] : [{ id: warehouseId, name: `Warehouse ${tag}` }],
    organizations: [
      options.sandbox
        ? { id: organizationId, name: `Organization ${tag}`, sandbox: true, autoAdvance: options.sandbox.autoAdvance }
        : { id: organizationId, name: `Organization ${tag}` },
    ],
    users: [
      { id: seeded.ownerId, memberships: [{ organizationId, role: 'OWNER' }] },
      { id: seeded.memberId, memberships: [{ organizationId, role: 'MEMBER' }] },
    ],
    stores: [
      { id: seeded.storeId, organizationId, name: 'Web', warehouseId },
      { id: seeded.otherStoreId, organizationId, name: 'Marketplace', warehouseId },
    ],
    connections: [{ id: seeded.connectionId, organizationId, storeId: seeded.storeId }],
    retailUnits: [
      { organizationId, barcode: seeded.barcodes[0], sku: `SKU-${tag}-1`, name: 'First' },
      { organizationId, barcode: seeded.barcodes[1], sku: `SKU-${tag}-2`, name: 'Second' },
      { organizationId, barcode: seeded.barcodes[2], sku: `SKU-${tag}-old`, name: 'Old', archived: true },
    ],
    inventory: [
      { organizationId, warehouseId, barcode: seeded.barcodes[0], onHand: 10 },
      { organizationId, warehouseId, barcode: seeded.barcodes[1], onHand: 5, allocated: 1 },
    ],
  });
  return seeded;
}
