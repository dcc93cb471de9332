// SQL of inventory levels: the projection of the inventory events, changed only through the ledger.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export interface InventoryLevelKey {
  organizationId: string;
  warehouseId: string;
  barcode: string;
}

export interface InventoryQuantities {
  onHand: number;
  allocated: number;
  pendingAllocation: number;
}

@Injectable()
export class InventoryLevelRepository {
  /** Adds the deltas to a level (creating it at zero first); the schema refuses negative allocated or pendingAllocation. */
  async add(tx: Queryable, key: InventoryLevelKey, delta: InventoryQuantities): Promise<InventoryQuantities> {
    const { rows } = await tx.query<{ on_hand: number; allocated: number; pending_allocation: number }>(
      `INSERT INTO inventory_levels AS l (organization_id, warehouse_id, barcode, on_hand, allocated, pending_allocation)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (organization_id, warehouse_id, barcode) DO UPDATE SET
         on_hand = l.on_hand + EXCLUDED.on_hand,
         allocated = l.allocated + EXCLUDED.allocated,
         pending_allocation = l.pending_allocation + EXCLUDED.pending_allocation,
         updated_at = now()
       RETURNING on_hand, allocated, pending_allocation`,
      [key.organizationId, key.warehouseId, key.barcode, delta.onHand, delta.allocated, delta.pendingAllocation],
    );
    const row = rows[0];
    return { onHand: row.on_hand, allocated: row.allocated, pendingAllocation: row.pending_allocation };
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

  /** Locks the levels in a stable order, so that concurrent writers of several levels cannot deadlock. */
  async lock(tx: Queryable, keys: InventoryLevelKey[]): Promise<void> {
    if (keys.length === 0) return;
    await tx.query(
      `SELECT 1 FROM inventory_levels l
         JOIN unnest($1::uuid[], $2::text[], $3::text[]) AS k(organization_id, warehouse_id, barcode)
           ON (l.organization_id, l.warehouse_id, l.barcode) = (k.organization_id, k.warehouse_id, k.barcode)
        ORDER BY l.organization_id, l.warehouse_id, l.barcode
        FOR UPDATE OF l`,
      [keys.map((k) => k.organizationId), keys.map((k) => k.warehouseId), keys.map((k) => k.barcode)],
    );
  }
}
