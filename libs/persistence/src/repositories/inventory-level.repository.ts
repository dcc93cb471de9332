// SQL of inventory levels: the projection of the inventory events, changed only through the ledger.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export interface InventoryLevelKey {
  organizationId: string;
  warehouseId: string;
  barcode: string;
}

/** A level's key as text: organization first, since warehouses and barcodes are shared between organizations. */
export const inventoryLevelKey = (k: InventoryLevelKey): string => `${k.organizationId}/${k.warehouseId}/${k.barcode}`;

export interface InventoryQuantities {
  onHand: number;
  allocated: number;
  pendingAllocation: number;
}

@Injectable()
export class InventoryLevelRepository {
  /**
   * Adds the deltas to a level (creating it at zero first); the schema refuses negative allocated or
   * pendingAllocation. The deltas are applied by an UPDATE, never as the values of an INSERT: a negative
   * delta is a valid change of an existing level but not a valid level of its own.
   */
  async add(tx: Queryable, key: InventoryLevelKey, delta: InventoryQuantities): Promise<InventoryQuantities> {
    const update = () =>
      tx.query<QuantityRow>(
        `UPDATE inventory_levels SET
           on_hand = on_hand + $4, allocated = allocated + $5, pending_allocation = pending_allocation + $6, updated_at = now()
         WHERE organization_id = $1 AND warehouse_id = $2::text AND barcode = $3::text
         RETURNING on_hand, allocated, pending_allocation`,
        [key.organizationId, key.warehouseId, key.barcode, delta.onHand, delta.allocated, delta.pendingAllocation],
      );
    let { rows } = await update();
    if (rows.length === 0) {
      await tx.query('INSERT INTO inventory_levels (organization_id, warehouse_id, barcode) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        key.organizationId,
        key.warehouseId,
        key.barcode,
      ]);
      ({ rows } = await update());
    }
    return toQuantities(rows[0]);
  }

  /** Sets a level to the given quantities (a rebuild from the event log). */
  async set(tx: Queryable, key: InventoryLevelKey, level: InventoryQuantities): Promise<void> {
    await tx.query(
      `INSERT INTO inventory_levels AS l (organization_id, warehouse_id, barcode, on_hand, allocated, pending_allocation)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (organization_id, warehouse_id, barcode) DO UPDATE SET
         on_hand = EXCLUDED.on_hand, allocated = EXCLUDED.allocated, pending_allocation = EXCLUDED.pending_allocation, updated_at = now()`,
      [key.organizationId, key.warehouseId, key.barcode, level.onHand, level.allocated, level.pendingAllocation],
    );
  }

  /** One level; undefined when no row exists. */
  async find(q: Queryable, key: InventoryLevelKey): Promise<InventoryQuantities | undefined> {
    const { rows } = await q.query<QuantityRow>(
      'SELECT on_hand, allocated, pending_allocation FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2::text AND barcode = $3::text',
      [key.organizationId, key.warehouseId, key.barcode],
    );
    return rows[0] && toQuantities(rows[0]);
  }

  /**
   * Locks the levels that exist among the keys and reads them, by inventoryLevelKey. The stable lock
   * order means concurrent writers of several levels cannot deadlock.
   */
  async readLocked(tx: Queryable, keys: InventoryLevelKey[]): Promise<Map<string, InventoryQuantities>> {
    if (keys.length === 0) return new Map();
    const { rows } = await tx.query<QuantityRow & { organization_id: string; warehouse_id: string; barcode: string }>(
      `SELECT l.organization_id, l.warehouse_id, l.barcode, l.on_hand, l.allocated, l.pending_allocation FROM inventory_levels l
         JOIN unnest($1::uuid[], $2::text[], $3::text[]) AS k(organization_id, warehouse_id, barcode)
           ON (l.organization_id, l.warehouse_id, l.barcode) = (k.organization_id, k.warehouse_id, k.barcode)
        ORDER BY l.organization_id, l.warehouse_id, l.barcode
        FOR UPDATE OF l`,
      [keys.map((k) => k.organizationId), keys.map((k) => k.warehouseId), keys.map((k) => k.barcode)],
    );
    return new Map(
      rows.map((r) => [inventoryLevelKey({ organizationId: r.organization_id, warehouseId: r.warehouse_id, barcode: r.barcode }), toQuantities(r)]),
    );
  }

  /**
   * Every level of the barcodes, at every warehouse, locked: the rows that exist, plus a zero row for each
   * level the event log knows but the table lost (so that a rebuild can restore it).
   */
  async lockLevelsOfBarcodes(tx: Queryable, organizationId: string, barcodes: string[]): Promise<(InventoryLevelKey & InventoryQuantities)[]> {
    await tx.query(
      `INSERT INTO inventory_levels (organization_id, warehouse_id, barcode)
       SELECT DISTINCT e.organization_id, e.warehouse_id, e.barcode FROM domain_events e
        WHERE e.organization_id = $1 AND e.barcode = ANY($2::text[]) AND e.warehouse_id IS NOT NULL AND (e.payload ? 'set' OR e.payload ? 'delta')
       ON CONFLICT DO NOTHING`,
      [organizationId, barcodes],
    );
    const { rows } = await tx.query<QuantityRow & { warehouse_id: string; barcode: string }>(
      `SELECT warehouse_id, barcode, on_hand, allocated, pending_allocation FROM inventory_levels
        WHERE organization_id = $1 AND barcode = ANY($2::text[])
        ORDER BY warehouse_id, barcode
        FOR UPDATE`,
      [organizationId, barcodes],
    );
    return rows.map((r) => ({ organizationId, warehouseId: r.warehouse_id, barcode: r.barcode, ...toQuantities(r) }));
  }

  /** The warehouses where the barcode has stock on hand (or a negative onHand to be corrected), in id order. */
  async warehousesWithStock(q: Queryable, organizationId: string, barcode: string): Promise<string[]> {
    const { rows } = await q.query<{ warehouse_id: string }>(
      'SELECT warehouse_id FROM inventory_levels WHERE organization_id = $1 AND barcode = $2::text AND on_hand <> 0 ORDER BY warehouse_id',
      [organizationId, barcode],
    );
    return rows.map((r) => r.warehouse_id);
  }

  /** The payloads of a level's events, oldest first: what projectLevel folds. */
  async eventPayloads(q: Queryable, key: InventoryLevelKey): Promise<unknown[]> {
    const { rows } = await q.query<{ payload: unknown }>(
      `SELECT payload FROM domain_events
        WHERE organization_id = $1 AND warehouse_id = $2::text AND barcode = $3::text AND (payload ? 'set' OR payload ? 'delta')
        ORDER BY sequence`,
      [key.organizationId, key.warehouseId, key.barcode],
    );
    return rows.map((r) => r.payload);
  }
}

interface QuantityRow {
  on_hand: number;
  allocated: number;
  pending_allocation: number;
}

function toQuantities(row: QuantityRow): InventoryQuantities {
  return { onHand: row.on_hand, allocated: row.allocated, pendingAllocation: row.pending_allocation };
}
