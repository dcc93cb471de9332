// SQL of the inventory-sync settings of an organization: its mode and the barcodes overridden
// (excluded from the sync to the sales channels).
import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export type InventorySyncMode = 'DEFAULT' | 'BARCODE_OVERRIDES';

export interface BarcodeSyncState {
  /** The barcodes that are retail units of the organization (archived ones included). */
  known: Set<string>;
  /** Of those, the ones overridden now. */
  overridden: Set<string>;
}

function lockKey(organizationId: string): string {
  return createHash('sha256').update(`inventory-sync\u0000${organizationId}`).digest().readBigInt64BE(0).toString();
}

@Injectable()
export class InventorySyncRepository {
  /** Serializes the writers of one organization's sync settings until the transaction ends. */
  async lock(tx: Queryable, organizationId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey(organizationId)]);
  }

  /** Makes the current transaction refuse every write (a dry run). */
  async readOnly(tx: Queryable): Promise<void> {
    await tx.query('SET TRANSACTION READ ONLY');
  }

  async settings(q: Queryable, organizationId: string): Promise<{ mode: InventorySyncMode; overriddenBarcodes: string[] }> {
    const { rows } = await q.query<{ mode: InventorySyncMode | null; barcodes: string[] }>(
      `SELECT (SELECT mode FROM inventory_sync_settings WHERE organization_id = $1) AS mode,
              COALESCE((SELECT array_agg(barcode::text ORDER BY barcode) FROM inventory_sync_overrides WHERE organization_id = $1), '{}') AS barcodes`,
      [organizationId],
    );
    return { mode: rows[0].mode ?? 'DEFAULT', overriddenBarcodes: rows[0].barcodes };
  }

  async mode(q: Queryable, organizationId: string): Promise<InventorySyncMode> {
    const { rows } = await q.query<{ mode: InventorySyncMode }>('SELECT mode FROM inventory_sync_settings WHERE organization_id = $1', [organizationId]);
    return rows[0]?.mode ?? 'DEFAULT';
  }

  async overrideCount(q: Queryable, organizationId: string): Promise<number> {
    const { rows } = await q.query<{ count: number }>('SELECT count(*)::int AS count FROM inventory_sync_overrides WHERE organization_id = $1', [
      organizationId,
    ]);
    return rows[0].count;
  }

  /** Which of `barcodes` are retail units of the organization, and which of those are overridden. */
  async state(q: Queryable, organizationId: string, barcodes: string[]): Promise<BarcodeSyncState> {
    const { rows } = await q.query<{ barcode: string; overridden: boolean }>(
      `SELECT r.barcode, (o.barcode IS NOT NULL) AS overridden
         FROM retail_units r
         LEFT JOIN inventory_sync_overrides o ON o.organization_id = r.organization_id AND o.barcode = r.barcode
        WHERE r.organization_id = $1 AND r.barcode = ANY($2::text[])`,
      [organizationId, barcodes],
    );
    return { known: new Set(rows.map((r) => r.barcode)), overridden: new Set(rows.filter((r) => r.overridden).map((r) => r.barcode)) };
  }

  /** Every overridden barcode of the organization, bytewise order. */
  async overriddenBarcodes(q: Queryable, organizationId: string): Promise<string[]> {
    const { rows } = await q.query<{ barcode: string }>('SELECT barcode FROM inventory_sync_overrides WHERE organization_id = $1 ORDER BY barcode', [
      organizationId,
    ]);
    return rows.map((r) => r.barcode);
  }

  /** Adds overrides; answers the barcodes actually added (an existing one is left as it is). */
  async addOverrides(tx: Queryable, organizationId: string, barcodes: string[]): Promise<string[]> {
    if (barcodes.length === 0) return [];
    const { rows } = await tx.query<{ barcode: string }>(
      `INSERT INTO inventory_sync_overrides (organization_id, barcode)
       SELECT $1, b FROM unnest($2::text[]) AS b
       ON CONFLICT (organization_id, barcode) DO NOTHING
       RETURNING barcode`,
      [organizationId, barcodes],
    );
    return rows.map((r) => r.barcode);
  }

  /** Removes the overrides of `barcodes` (every override when null); answers the barcodes removed. */
  async removeOverrides(tx: Queryable, organizationId: string, barcodes: string[] | null): Promise<string[]> {
    const { rows } = await tx.query<{ barcode: string }>(
      `DELETE FROM inventory_sync_overrides WHERE organization_id = $1 AND ($2::text[] IS NULL OR barcode = ANY($2::text[])) RETURNING barcode`,
      [organizationId, barcodes],
    );
    return rows.map((r) => r.barcode);
  }

  async setMode(tx: Queryable, organizationId: string, mode: InventorySyncMode): Promise<void> {
    await tx.query(
      `INSERT INTO inventory_sync_settings (organization_id, mode) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET mode = EXCLUDED.mode, updated_at = now()`,
      [organizationId, mode],
    );
  }
}
