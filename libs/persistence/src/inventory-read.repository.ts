// SQL of the public inventory read: levels of non-archived retail units, by warehouse then barcode,
// in keyset pages so that an organization with many rows is never loaded whole.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export interface InventoryEntryRow {
  warehouseId: string;
  barcode: string;
  onHand: number;
  sellable: number;
}

@Injectable()
export class InventoryReadRepository {
  async page(q: Queryable, organizationId: string, after: { warehouseId: string; barcode: string } | undefined, limit: number): Promise<InventoryEntryRow[]> {
    const { rows } = await q.query<{ warehouse_id: string; barcode: string; on_hand: number; sellable: number }>({
      name: 'inventory-read-page',
      text: `SELECT l.warehouse_id, l.barcode, l.on_hand, l.on_hand - l.allocated - l.pending_allocation AS sellable
               FROM inventory_levels l
               JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode AND u.archived_at IS NULL
              WHERE l.organization_id = $1 AND ($2::entity_id IS NULL OR (l.warehouse_id, l.barcode) > ($2::entity_id, $3::barcode))
              ORDER BY l.warehouse_id, l.barcode
              LIMIT $4`,
      values: [organizationId, after?.warehouseId ?? null, after?.barcode ?? null, limit],
    });
    return rows.map((r) => ({ warehouseId: r.warehouse_id, barcode: r.barcode, onHand: r.on_hand, sellable: r.sellable }));
  }
}
