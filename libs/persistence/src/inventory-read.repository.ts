// SQL of the inventory reads (public and internal): levels with their retail unit, per warehouse, by
// barcode, in keyset pages that walk the primary key, so that a large organization is never loaded whole.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export interface InventoryLevelRow {
  barcode: string;
  onHand: number;
  allocated: number;
  pendingAllocation: number;
  sku: string;
  name: string;
  archived: boolean;
}

export interface InventoryPageFilter {
  /** The public read shows live retail units only; the internal one shows archived units too. */
  includeArchived: boolean;
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

  async warehouseExists(q: Queryable, warehouseId: string): Promise<boolean> {
    const { rowCount } = await q.query('SELECT 1 FROM warehouses WHERE id = $1::text', [warehouseId]);
    return (rowCount ?? 0) > 0;
  }

  async page(q: Queryable, organizationId: string, warehouseId: string, afterBarcode: string, limit: number, filter: InventoryPageFilter): Promise<InventoryLevelRow[]> {
    const { rows } = await q.query<{ barcode: string; on_hand: number; allocated: number; pending_allocation: number; sku: string; name: string; archived: boolean }>({
      name: 'inventory-read-page',
      text: `SELECT l.barcode, l.on_hand, l.allocated, l.pending_allocation, u.sku, u.name, u.archived_at IS NOT NULL AS archived
               FROM inventory_levels l
               JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode
              WHERE l.organization_id = $1 AND l.warehouse_id = $2::entity_id AND l.barcode > $3::text COLLATE "C"
                AND ($5::boolean OR u.archived_at IS NULL)
              ORDER BY l.barcode
              LIMIT $4`,
      values: [organizationId, warehouseId, afterBarcode, limit, filter.includeArchived],
    });
    return rows.map((r) => ({
      barcode: r.barcode,
      onHand: r.on_hand,
      allocated: r.allocated,
      pendingAllocation: r.pending_allocation,
      sku: r.sku,
      name: r.name,
      archived: r.archived,
    }));
  }
}
