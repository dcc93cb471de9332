// SQL of sales orders: the order with its lines, and the retail units its lines resolve to.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { SHIPMENTS_OF_FULFILMENT_ORDER_JSON, ShipmentRow } from './shipment.repository';
import { Environment, environmentOf } from './organization.repository';

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
  /** null: the order has no shipping address. */
  shippingAddress: unknown;
  createdByClientId: string;
  lines: { barcode: string; sku: string; quantity: number; attributes: unknown }[];
}

/** A sales order as read back: its row, its lines' stored attributes and its fulfilment order. */
export interface SalesOrderRow {
  id: string;
  organizationId: string;
  /** The organization's environment (contract 6.10). */
  environment: Environment;
  storeId: string;
  orderReference: string;
  placedAt: Date;
  createdAt: Date;
  /** createdAt exactly (UTC, microseconds): the keyset position. */
  createdAtKey: string;
  customer: unknown;
  /** As sent (or as last replaced); null when the order has none. */
  shippingAddress: unknown;
  /** The reason given when the order was cancelled through the public gateway; null otherwise. */
  cancellationReason: string | null;
  /** Each line as it was sent, with the barcode it resolved to, in the order sent. */
  lines: unknown[];
  fulfilmentOrderId: string;
  fulfilmentStatus: string;
  /** The latest of the creation, the order's own last change and the fulfilment order's last change. */
  updatedAt: Date;
  /** The fulfilment order's shipments, oldest first. */
  shipments: ShipmentRow[];
}

export interface SalesOrderPage {
  organizationId: string;
  storeId: string;
  orderReference?: string;
  /** Keyset: only orders older than this one in (createdAt, id) order. */
  before?: { createdAt: string; id: string };
  limit: number;
}

export const SALES_ORDER_COLUMNS = `o.id, o.organization_id, o.store_id, o.order_reference, o.placed_at, o.created_at,
  to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at_key, o.customer,
  o.shipping_address, o.cancellation_reason,
  (SELECT json_agg(l.attributes ORDER BY l.position) FROM sales_order_lines l WHERE l.sales_order_id = o.id) AS lines,
  f.id AS fulfilment_order_id, f.status AS fulfilment_status, greatest(o.created_at, o.updated_at, f.updated_at) AS updated_at,
  ${SHIPMENTS_OF_FULFILMENT_ORDER_JSON} AS shipments, ${environmentOf('o')} AS environment`;

export interface SalesOrderDbRow {
  id: string;
  organization_id: string;
  environment: Environment;
  store_id: string;
  order_reference: string;
  placed_at: Date;
  created_at: Date;
  created_at_key: string;
  customer: unknown;
  shipping_address: unknown;
  cancellation_reason: string | null;
  lines: unknown[];
  fulfilment_order_id: string;
  fulfilment_status: string;
  updated_at: Date;
  shipments: ShipmentRow[];
}

export function toSalesOrderRow(r: SalesOrderDbRow): SalesOrderRow {
  return {
    id: r.id,
    organizationId: r.organization_id,
    environment: r.environment,
    storeId: r.store_id,
    orderReference: r.order_reference,
    placedAt: r.placed_at,
    createdAt: r.created_at,
    createdAtKey: r.created_at_key,
    customer: r.customer,
    shippingAddress: r.shipping_address,
    cancellationReason: r.cancellation_reason,
    lines: r.lines ?? [],
    fulfilmentOrderId: r.fulfilment_order_id,
    fulfilmentStatus: r.fulfilment_status,
    updatedAt: r.updated_at,
    shipments: r.shipments ?? [],
  };
}

@Injectable()
export class SalesOrderRepository {
  /** These orders of the organization (those that exist), in no particular order. */
  async findManyInOrganization(q: Queryable, organizationId: string, ids: string[]): Promise<SalesOrderRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await q.query<SalesOrderDbRow>(
      `SELECT ${SALES_ORDER_COLUMNS} FROM sales_orders o JOIN fulfilment_orders f ON f.sales_order_id = o.id
        WHERE o.id = ANY ($1::uuid[]) AND o.organization_id = $2`,
      [ids, organizationId],
    );
    return rows.map(toSalesOrderRow);
  }

  /** One order of a store, or undefined. */
  async find(q: Queryable, organizationId: string, storeId: string, id: string): Promise<SalesOrderRow | undefined> {
    const { rows } = await q.query<SalesOrderDbRow>(
      `SELECT ${SALES_ORDER_COLUMNS} FROM sales_orders o JOIN fulfilment_orders f ON f.sales_order_id = o.id
        WHERE o.id = $1 AND o.organization_id = $2 AND o.store_id = $3`,
      [id, organizationId, storeId],
    );
    return rows.length > 0 ? toSalesOrderRow(rows[0]) : undefined;
  }

  /** One page of a store's orders, newest first, walking sales_orders_store_newest_idx (or _reference_ with a reference). */
  async page(q: Queryable, page: SalesOrderPage): Promise<SalesOrderRow[]> {
    return (await q.query<SalesOrderDbRow>(pageQuery(page))).rows.map(toSalesOrderRow);
  }

  /** The statement page() runs, for EXPLAIN in tests. */
  pageQuery(page: SalesOrderPage): { text: string; values: unknown[] } {
    return pageQuery(page);
  }

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
      `INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, note, customer, created_by_client_id, shipping_address)
       VALUES ($1, $2, $3, $4, 'RECEIVED', COALESCE($5::timestamptz, now()), $6, $7, $8, $9) RETURNING created_at`,
      [
        order.id,
        order.organizationId,
        order.storeId,
        order.orderReference,
        order.placedAt,
        order.note,
        JSON.stringify(order.customer),
        order.createdByClientId,
        order.shippingAddress === null ? null : JSON.stringify(order.shippingAddress),
      ],
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

  /** Marks the order cancelled, with the reason given (if any); false when it already was. */
  async cancel(tx: Queryable, id: string, reason: string | null = null): Promise<boolean> {
    const { rowCount } = await tx.query(
      "UPDATE sales_orders SET status = 'CANCELLED', cancellation_reason = $2, updated_at = now() WHERE id = $1 AND status <> 'CANCELLED'",
      [id, reason],
    );
    return (rowCount ?? 0) > 0;
  }

  /** The id of the fulfilment order of one order of a store, or undefined (to lock it before changing the order). */
  async fulfilmentOrderIdOf(q: Queryable, organizationId: string, storeId: string, id: string): Promise<string | undefined> {
    const { rows } = await q.query<{ id: string }>(
      `SELECT f.id FROM sales_orders o JOIN fulfilment_orders f ON f.sales_order_id = o.id
        WHERE o.id = $1 AND o.organization_id = $2 AND o.store_id = $3`,
      [id, organizationId, storeId],
    );
    return rows[0]?.id;
  }

  /** Replaces the order's shipping address; the caller holds its fulfilment order's lock. */
  async replaceShippingAddress(tx: Queryable, id: string, address: unknown): Promise<void> {
    await tx.query('UPDATE sales_orders SET shipping_address = $2, updated_at = now() WHERE id = $1', [id, JSON.stringify(address)]);
  }
}

function pageQuery(page: SalesOrderPage): { text: string; values: unknown[] } {
  const values: unknown[] = [page.organizationId, page.storeId, page.limit];
  const where = ['o.organization_id = $1', 'o.store_id = $2'];
  if (page.orderReference !== undefined) {
    values.push(page.orderReference);
    where.push(`o.order_reference = $${values.length}`);
  }
  if (page.before !== undefined) {
    values.push(page.before.createdAt, page.before.id);
    where.push(`(o.created_at, o.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  return {
    text: `SELECT ${SALES_ORDER_COLUMNS} FROM sales_orders o JOIN fulfilment_orders f ON f.sales_order_id = o.id
            WHERE ${where.join(' AND ')} ORDER BY o.created_at DESC, o.id DESC LIMIT $3`,
    values,
  };
}
