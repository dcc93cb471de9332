// SQL of the inventory reads (public and internal): levels with their retail unit, per warehouse, by
// barcode, in keyset pages that walk the primary key, so that a large organization is never loaded whole.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export interface InventoryLevelRow {
  barcode: string;
  onHand: number;
  allocated: number;
  pendingAllocation: number;
  sku: string;
  name: string;
  archived: boolean;
}

/** A level as the public read shows it: what it needs and nothing more. */
export interface StockRow {
  barcode: string;
  onHand: number;
  sellable: number;
}

/** A level as the public read shows it, with the warehouse and barcode it was asked by. */
export interface StockEntryRow extends StockRow {
  warehouseId: string;
  requestedBarcode: string;
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

  /**
   * Whether the organization may keep stock at the warehouse (contract 6.10): a sandbox only at its own, any other
   * organization never at a sandbox's. `missing` when there is no such warehouse.
   */
  async warehouseFor(q: Queryable, organizationId: string, warehouseId: string): Promise<'usable' | 'missing' | 'not-for-this-organization'> {
    const { rows } = await q.query<{ usable: boolean }>(
      `SELECT CASE WHEN o.environment = 'SANDBOX' THEN w.sandbox_organization_id IS NOT DISTINCT FROM o.id ELSE w.sandbox_organization_id IS NULL END AS usable
         FROM warehouses w LEFT JOIN organizations o ON o.id = $2::uuid WHERE w.id = $1::text`,
      [warehouseId, organizationId],
    );
    if (rows.length === 0) return 'missing';
    return rows[0].usable ? 'usable' : 'not-for-this-organization';
  }

  /** Live (not archived) units' levels at a warehouse, for the public read: three columns, no unit text. */
  async stockPage(q: Queryable, organizationId: string, warehouseId: string, afterBarcode: string, limit: number): Promise<StockRow[]> {
    const { rows } = await q.query<StockRow>({
      name: 'inventory-read-stock-page',
      text: `SELECT l.barcode, l.on_hand AS "onHand", l.on_hand - l.allocated - l.pending_allocation AS sellable
               FROM inventory_levels l
               JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode AND u.archived_at IS NULL
              WHERE l.organization_id = $1 AND l.warehouse_id = $2::entity_id AND l.barcode > $3::text COLLATE "C"
              ORDER BY l.barcode
              LIMIT $4`,
      values: [organizationId, warehouseId, afterBarcode, limit],
    });
    return rows;
  }

  /**
   * The levels among these (warehouse, barcode) pairs of the organization as the public read shows them, each
   * with the pair it was asked by; a pair without a level, or of an archived unit, is left out.
   */
  async stockEntries(q: Queryable, organizationId: string, levels: { warehouseId: string; barcode: string }[]): Promise<StockEntryRow[]> {
    if (levels.length === 0) return [];
    const { rows } = await q.query<StockEntryRow>(
      `SELECT w.warehouse_id AS "warehouseId", w.barcode AS "requestedBarcode", l.barcode, l.on_hand AS "onHand", l.on_hand - l.allocated - l.pending_allocation AS sellable
         FROM unnest($2::text[], $3::text[]) AS w(warehouse_id, barcode)
         JOIN inventory_levels l ON l.organization_id = $1 AND l.warehouse_id = w.warehouse_id::entity_id AND l.barcode = w.barcode::barcode
         JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode AND u.archived_at IS NULL`,
      [organizationId, levels.map((l) => l.warehouseId), levels.map((l) => l.barcode)],
    );
    return rows;
  }

  /** Every level at a warehouse with its unit, archived units included, for the internal reads. */
  async page(q: Queryable, organizationId: string, warehouseId: string, afterBarcode: string, limit: number): Promise<InventoryLevelRow[]> {
    const { rows } = await q.query<InventoryLevelRow>({
      name: 'inventory-read-page',
      text: `SELECT l.barcode, l.on_hand AS "onHand", l.allocated, l.pending_allocation AS "pendingAllocation", u.sku, u.name, u.archived_at IS NOT NULL AS archived
               FROM inventory_levels l
               JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode
              WHERE l.organization_id = $1 AND l.warehouse_id = $2::entity_id AND l.barcode > $3::text COLLATE "C"
              ORDER BY l.barcode
              LIMIT $4`,
      values: [organizationId, warehouseId, afterBarcode, limit],
    });
    return rows;
  }
}
