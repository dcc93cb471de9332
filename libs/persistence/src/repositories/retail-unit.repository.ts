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

/** One unit of an organization's catalogue. */
export interface CatalogueUnitRow {
  barcode: string;
  sku: string;
  name: string;
  weightGram: number | null;
  archived: boolean;
}

export interface CataloguePage {
  organizationId: string;
  barcode?: string;
  sku?: string;
  includeArchived: boolean;
  /** Keyset: only units whose barcode comes after this one. */
  after?: string;
  limit: number;
}

@Injectable()
export class RetailUnitRepository {
  /** One page of the organization's units in barcode order (the primary key's), live ones only unless includeArchived. */
  async cataloguePage(q: Queryable, page: CataloguePage): Promise<CatalogueUnitRow[]> {
    const values: unknown[] = [page.organizationId, page.limit];
    const where = ['organization_id = $1'];
    if (!page.includeArchived) where.push('archived_at IS NULL');
    for (const [column, value] of [
      ['barcode', page.barcode],
      ['sku', page.sku],
    ] as const) {
      if (value === undefined) continue;
      values.push(value);
      where.push(`${column} = $${values.length}::text`);
    }
    if (page.after !== undefined) {
      values.push(page.after);
      where.push(`barcode > $${values.length}::text`);
    }
    const { rows } = await q.query<{ barcode: string; sku: string; name: string; weight_gram: string | number | null; archived: boolean }>(
      `SELECT barcode, sku, name, weight_gram, archived_at IS NOT NULL AS archived FROM retail_units
        WHERE ${where.join(' AND ')} ORDER BY barcode LIMIT $2`,
      values,
    );
    return rows.map((r) => ({
      barcode: r.barcode,
      sku: r.sku,
      name: r.name,
      weightGram: r.weight_gram === null ? null : Number(r.weight_gram),
      archived: r.archived,
    }));
  }

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
