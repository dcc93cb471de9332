// SQL of the public inventory read: levels of non-archived retail units, per warehouse, by barcode,
// in keyset pages that walk the primary key, so that a large organization is never loaded whole.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export interface InventoryEntryRow {
  barcode: string;
  onHand: number;
  sellable: number;
}

@Injectable()
export class InventoryReadRepository {
  /** The warehouses holding levels of the organization, in id order (one index probe per warehouse). */
  async warehouses(q: Queryable, organizationId: string): Promise<string[]> {
    const { rows } = await q.query<{ id: string }>({
      name: 'inventory-read-warehouses',
      text: `SELECT w.id FROM warehouses w
              WHERE EXISTS (SELECT 1 FROM inventory_levels l WHERE l.organization_id = $1 AND l.warehouse_id = w.id)
              ORDER BY w.id`,
      values: [organizationId],
    });
    return rows.map((r) => r.id);
  }

  async page(q: Queryable, organizationId: string, warehouseId: string, afterBarcode: string, limit: number): Promise<InventoryEntryRow[]> {
    const { rows } = await q.query<{ barcode: string; on_hand: number; sellable: number }>({
      name: 'inventory-read-page',
      text: `SELECT l.barcode, l.on_hand, l.on_hand - l.allocated - l.pending_allocation AS sellable
               FROM inventory_levels l
               JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode AND u.archived_at IS NULL
              WHERE l.organization_id = $1 AND l.warehouse_id = $2::entity_id AND l.barcode > $3::text COLLATE "C"
              ORDER BY l.barcode
              LIMIT $4`,
      values: [organizationId, warehouseId, afterBarcode, limit],
    });
    return rows.map((r) => ({ barcode: r.barcode, onHand: r.on_hand, sellable: r.sellable }));
  }
}
