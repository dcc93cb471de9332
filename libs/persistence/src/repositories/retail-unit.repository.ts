// SQL of retail units: one unit, read with the lock its use case needs, and its archival.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export interface RetailUnitRow {
  organizationId: string;
  barcode: string;
  sku: string;
  name: string;
  archived: boolean;
}

/**
 * UPDATE: archival (waits for, and then excludes, writers that reference the unit);
 * KEY SHARE: a writer that needs the unit to stay live until it commits (a receipt, a sales order).
 */
export type RetailUnitLock = 'UPDATE' | 'KEY SHARE';

@Injectable()
export class RetailUnitRepository {
  async find(q: Queryable, organizationId: string, barcode: string, lock?: RetailUnitLock): Promise<RetailUnitRow | undefined> {
    const { rows } = await q.query<{ organization_id: string; barcode: string; sku: string; name: string; archived: boolean }>(
      `SELECT organization_id, barcode, sku, name, archived_at IS NOT NULL AS archived FROM retail_units
        WHERE organization_id = $1 AND barcode = $2::text${lock ? ` FOR ${lock}` : ''}`,
      [organizationId, barcode],
    );
    const row = rows[0];
    return row && { organizationId: row.organization_id, barcode: row.barcode, sku: row.sku, name: row.name, archived: row.archived };
  }

  /** The barcodes among those given that are retail units of the organization (archived or not). */
  async existingBarcodes(q: Queryable, organizationId: string, barcodes: string[]): Promise<Set<string>> {
    const { rows } = await q.query<{ barcode: string }>('SELECT barcode FROM retail_units WHERE organization_id = $1 AND barcode = ANY($2::text[])', [
      organizationId,
      barcodes,
    ]);
    return new Set(rows.map((r) => r.barcode));
  }

  async archive(tx: Queryable, organizationId: string, barcode: string): Promise<void> {
    await tx.query(
      'UPDATE retail_units SET archived_at = now(), updated_at = now() WHERE organization_id = $1 AND barcode = $2::text AND archived_at IS NULL',
      [organizationId, barcode],
    );
  }
}
