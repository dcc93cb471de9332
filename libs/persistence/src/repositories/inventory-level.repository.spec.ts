// Levels of two organizations with the same barcode in one shared warehouse, read and locked together:
// each keeps its own quantities (a key without the organization made one overwrite the other).
import { useTestDatabase, seedOrganization } from '@gateway/testing';
import { InventoryLevelRepository, inventoryLevelKey } from './inventory-level.repository';

describe('InventoryLevelRepository.readLocked across organizations', () => {
  const { database } = useTestDatabase();
  const levels = new InventoryLevelRepository();

  it('answers each organization its own level of a barcode both hold in one warehouse', async () => {
    const first = await seedOrganization(database.db);
    const second = await seedOrganization(database.db, { warehouseId: first.warehouseId, barcodes: [first.barcodes[0], 'B-second-2', 'B-second-old'] });
    await database.db.query('UPDATE inventory_levels SET on_hand = 1000 WHERE organization_id = $1 AND barcode = $2', [
      second.organizationId,
      first.barcodes[0],
    ]);
    const keys = [first, second].map((org) => ({ organizationId: org.organizationId, warehouseId: first.warehouseId, barcode: first.barcodes[0] }));

    const read = await database.db.transaction((tx) => levels.readLocked(tx, keys));

    expect([...read.entries()].sort()).toEqual(
      [
        [inventoryLevelKey(keys[0]), { onHand: 10, allocated: 0, pendingAllocation: 0 }],
        [inventoryLevelKey(keys[1]), { onHand: 1000, allocated: 0, pendingAllocation: 0 }],
      ].sort(),
    );
  });
});
