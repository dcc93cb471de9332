// SQL of sales orders: the order with its lines, and the retail units its lines resolve to.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export interface RetailUnitMatch {
  barcode: string;
  sku: string;
  archived: boolean;
}

export interface NewSalesOrder {
  id: string;
  organizationId: string;
  storeId: string;
  orderReference: string;
  /** null: placed at its creation time (placed_at = created_at, both the transaction's now()). */
  placedAt: string | null;
  note: string | null;
  customer: unknown;
  createdByClientId: string;
  lines: { barcode: string; sku: string; quantity: number; attributes: unknown }[];
}

@Injectable()
export class SalesOrderRepository {
  /**
   * Every retail unit of the organization whose barcode or sku is among those given, key-share locked so
   * that an archival waits for this order (and the order sees a unit archived before it).
   */
  async findRetailUnits(q: Queryable, organizationId: string, barcodes: string[], skus: string[]): Promise<RetailUnitMatch[]> {
    const { rows } = await q.query<{ barcode: string; sku: string; archived: boolean }>(
      `SELECT barcode, sku, archived_at IS NOT NULL AS archived FROM retail_units
        WHERE organization_id = $1 AND (barcode = ANY($2::text[]) OR sku = ANY($3::text[]))
        FOR KEY SHARE`,
      [organizationId, barcodes, skus],
    );
    return rows;
  }

  async insert(tx: Queryable, order: NewSalesOrder): Promise<{ createdAt: Date }> {
    const { rows } = await tx.query<{ created_at: Date }>(
      `INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, note, customer, created_by_client_id)
       VALUES ($1, $2, $3, $4, 'RECEIVED', COALESCE($5::timestamptz, now()), $6, $7, $8) RETURNING created_at`,
      [order.id, order.organizationId, order.storeId, order.orderReference, order.placedAt, order.note, JSON.stringify(order.customer), order.createdByClientId],
    );
    await tx.query(
      `INSERT INTO sales_order_lines (sales_order_id, position, barcode, sku, quantity, attributes)
       SELECT $1, l.position, l.barcode, l.sku, l.quantity, l.attributes
         FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[], $6::jsonb[]) AS l(position, barcode, sku, quantity, attributes)`,
      [
        order.id,
        order.lines.map((_, i) => i),
        order.lines.map((l) => l.barcode),
        order.lines.map((l) => l.sku),
        order.lines.map((l) => l.quantity),
        order.lines.map((l) => JSON.stringify(l.attributes)),
      ],
    );
    return { createdAt: rows[0].created_at };
  }

  /** Marks the order cancelled; false when it already was. */
  async cancel(tx: Queryable, id: string): Promise<boolean> {
    const { rowCount } = await tx.query("UPDATE sales_orders SET status = 'CANCELLED' WHERE id = $1 AND status <> 'CANCELLED'", [id]);
    return (rowCount ?? 0) > 0;
  }
}
