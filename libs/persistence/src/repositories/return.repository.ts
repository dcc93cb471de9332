// SQL of returns (contract 6.8): a return and its lines, an order's returns, an organization's in keyset
// pages, the quantities an order shipped and its returns claim, and the steps of a return's life.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { Environment, environmentOf } from './organization.repository';

export type ReturnStatus = 'AWAITING_ARRIVAL' | 'ARRIVED' | 'COMPLETED' | 'CANCELLED';
export type ReturnReason = 'DAMAGED' | 'WRONG_ITEM' | 'NOT_AS_DESCRIBED' | 'NO_LONGER_NEEDED' | 'OTHER';
export type ReturnLineAction = 'RESTOCK' | 'DISPOSE';

export interface ReturnLineRow {
  barcode: string;
  sku: string;
  quantity: number;
  action: ReturnLineAction;
  receivedQuantity: number | null;
  restockedQuantity: number | null;
}

/** A return as read back; times are ISO 8601 UTC with milliseconds, as the records show them. */
export interface ReturnRow {
  id: string;
  salesOrderId: string;
  organizationId: string;
  /** The organization's environment (contract 6.10). */
  environment: Environment;
  storeId: string;
  warehouseId: string;
  fulfilmentOrderId: string;
  reference: string | null;
  reason: ReturnReason;
  note: string | null;
  status: ReturnStatus;
  lines: ReturnLineRow[];
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: string;
  updatedAt: string;
  arrivedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  /** The keyset of the organization's pages: created_at with microseconds. */
  createdAtKey: string;
}

export interface NewReturn {
  id: string;
  organizationId: string;
  salesOrderId: string;
  fulfilmentOrderId: string;
  storeId: string;
  warehouseId: string;
  reference: string | null;
  reason: ReturnReason;
  note: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdByClientId: string;
  lines: { barcode: string; sku: string; quantity: number; action: ReturnLineAction }[];
}

/** One line of a return of an order, with the state of its return: what the returnable rule reads. */
export interface ReturnClaimRow {
  returnId: string;
  status: ReturnStatus;
  barcode: string;
  quantity: number;
  receivedQuantity: number | null;
}

export interface ReturnPageQuery {
  organizationId: string;
  /** Only these stores' returns (a connector's), or every store's when null. */
  storeIds: string[] | null;
  status?: ReturnStatus;
  updatedSince?: string;
  before?: { createdAt: string; id: string };
  limit: number;
}

const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One return as JSON, in ReturnRow's shape (`r` is the returns row). */
const RETURN_JSON = `json_build_object('id', r.id, 'salesOrderId', r.sales_order_id, 'organizationId', r.organization_id,
  'environment', ${environmentOf('r')}, 'storeId', r.store_id,
  'warehouseId', r.warehouse_id, 'fulfilmentOrderId', r.fulfilment_order_id, 'reference', r.reference, 'reason', r.reason, 'note', r.note,
  'status', r.status, 'carrier', r.carrier, 'trackingNumber', r.tracking_number, 'trackingUrl', r.tracking_url,
  'createdAt', ${isoUtc('r.created_at')}, 'updatedAt', ${isoUtc('r.updated_at')}, 'arrivedAt', ${isoUtc('r.arrived_at')},
  'completedAt', ${isoUtc('r.completed_at')}, 'cancelledAt', ${isoUtc('r.cancelled_at')},
  'createdAtKey', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  'lines', (SELECT json_agg(json_build_object('barcode', rl.barcode, 'sku', rl.sku, 'quantity', rl.quantity, 'action', rl.action,
              'receivedQuantity', rl.received_quantity, 'restockedQuantity', rl.restocked_quantity) ORDER BY rl.position)
              FROM return_lines rl WHERE rl.return_id = r.id))`;

@Injectable()
export class ReturnRepository {
  /** What the fulfilment order shipped of each barcode, over all its shipments (a parcel the carrier returned included). */
  async shippedQuantities(q: Queryable, fulfilmentOrderId: string): Promise<Map<string, number>> {
    const { rows } = await q.query<{ barcode: string; quantity: string }>(
      `SELECT sl.barcode, sum(sl.quantity)::text AS quantity FROM shipments s JOIN shipment_lines sl ON sl.shipment_id = s.id
        WHERE s.fulfilment_order_id = $1::text GROUP BY sl.barcode`,
      [fulfilmentOrderId],
    );
    return new Map(rows.map((r) => [r.barcode, Number(r.quantity)]));
  }

  /** Every line of every return of the sales order, with its return's state. */
  async claimsOfSalesOrder(q: Queryable, salesOrderId: string): Promise<ReturnClaimRow[]> {
    const { rows } = await q.query<{ return_id: string; status: ReturnStatus; barcode: string; quantity: string; received_quantity: string | null }>(
      `SELECT r.id AS return_id, r.status, rl.barcode, rl.quantity::text, rl.received_quantity::text
         FROM returns r JOIN return_lines rl ON rl.return_id = r.id WHERE r.sales_order_id = $1`,
      [salesOrderId],
    );
    return rows.map((r) => ({
      returnId: r.return_id,
      status: r.status,
      barcode: r.barcode,
      quantity: Number(r.quantity),
      receivedQuantity: r.received_quantity === null ? null : Number(r.received_quantity),
    }));
  }

  /** The sku of each of the organization's retail units among these barcodes, archived ones included. */
  async skusOf(q: Queryable, organizationId: string, barcodes: string[]): Promise<Map<string, string>> {
    const { rows } = await q.query<{ barcode: string; sku: string }>(
      'SELECT barcode, sku FROM retail_units WHERE organization_id = $1 AND barcode = ANY($2::text[])',
      [organizationId, barcodes],
    );
    return new Map(rows.map((r) => [r.barcode, r.sku]));
  }

  async insert(tx: Queryable, input: NewReturn): Promise<ReturnRow> {
    await tx.query(
      `INSERT INTO returns (id, organization_id, sales_order_id, fulfilment_order_id, store_id, warehouse_id, reference, reason, note, status,
                            carrier, tracking_number, tracking_url, created_by_client_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'AWAITING_ARRIVAL', $10, $11, $12, $13)`,
      [
        input.id,
        input.organizationId,
        input.salesOrderId,
        input.fulfilmentOrderId,
        input.storeId,
        input.warehouseId,
        input.reference,
        input.reason,
        input.note,
        input.carrier,
        input.trackingNumber,
        input.trackingUrl,
        input.createdByClientId,
      ],
    );
    await tx.query(
      `INSERT INTO return_lines (return_id, position, organization_id, barcode, sku, quantity, action)
       SELECT $1, l.position, $2, l.barcode, l.sku, l.quantity, l.action
         FROM unnest($3::int[], $4::text[], $5::text[], $6::bigint[], $7::text[]) AS l(position, barcode, sku, quantity, action)`,
      [
        input.id,
        input.organizationId,
        input.lines.map((_, i) => i),
        input.lines.map((l) => l.barcode),
        input.lines.map((l) => l.sku),
        input.lines.map((l) => l.quantity),
        input.lines.map((l) => l.action),
      ],
    );
    return (await this.find(tx, input.organizationId, input.id)) as ReturnRow;
  }

  /** A return of the organization, or undefined; with `lock`, its row is locked until the transaction ends. */
  async find(q: Queryable, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<ReturnRow | undefined> {
    if (options.lock) await q.query('SELECT 1 FROM returns WHERE id = $1 AND organization_id = $2 FOR UPDATE', [id, organizationId]);
    const { rows } = await q.query<{ r: ReturnRow }>(`SELECT ${RETURN_JSON} AS r FROM returns r WHERE r.id = $1 AND r.organization_id = $2`, [
      id,
      organizationId,
    ]);
    return rows[0]?.r;
  }

  /** The returns of a sales order, oldest first. */
  async listOfSalesOrder(q: Queryable, organizationId: string, salesOrderId: string): Promise<ReturnRow[]> {
    const { rows } = await q.query<{ r: ReturnRow }>(
      `SELECT ${RETURN_JSON} AS r FROM returns r WHERE r.sales_order_id = $1 AND r.organization_id = $2 ORDER BY r.created_at, r.id`,
      [salesOrderId, organizationId],
    );
    return rows.map((row) => row.r);
  }

  /** The organization's returns, newest first, after `before` when given. */
  async page(q: Queryable, query: ReturnPageQuery): Promise<ReturnRow[]> {
    const { rows } = await q.query<{ r: ReturnRow }>(
      `SELECT ${RETURN_JSON} AS r FROM returns r
        WHERE r.organization_id = $1
          AND ($2::text[] IS NULL OR r.store_id = ANY($2::text[]))
          AND ($3::text IS NULL OR r.status = $3::text)
          AND ($4::timestamptz IS NULL OR r.updated_at >= $4::timestamptz)
          AND ($5::timestamptz IS NULL OR (r.created_at, r.id) < ($5::timestamptz, $6::uuid))
        ORDER BY r.created_at DESC, r.id DESC LIMIT $7`,
      [
        query.organizationId,
        query.storeIds,
        query.status ?? null,
        query.updatedSince ?? null,
        query.before?.createdAt ?? null,
        query.before?.id ?? null,
        query.limit,
      ],
    );
    return rows.map((row) => row.r);
  }

  async markArrived(tx: Queryable, id: string): Promise<void> {
    await tx.query(`UPDATE returns SET status = 'ARRIVED', arrived_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  async cancel(tx: Queryable, id: string): Promise<void> {
    await tx.query(`UPDATE returns SET status = 'CANCELLED', cancelled_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** Completes the return with what arrived and what was restocked of each barcode. */
  async complete(tx: Queryable, id: string, lines: { barcode: string; receivedQuantity: number; restockedQuantity: number }[]): Promise<void> {
    await tx.query(
      `UPDATE return_lines rl SET received_quantity = l.received, restocked_quantity = l.restocked
         FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS l(barcode, received, restocked)
        WHERE rl.return_id = $1 AND rl.barcode = l.barcode`,
      [id, lines.map((l) => l.barcode), lines.map((l) => l.receivedQuantity), lines.map((l) => l.restockedQuantity)],
    );
    await tx.query(`UPDATE returns SET status = 'COMPLETED', completed_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** Whether an open return (awaiting arrival or arrived) of the organization names the barcode. */
  async openReturnNames(q: Queryable, organizationId: string, barcode: string): Promise<boolean> {
    const { rows } = await q.query(
      `SELECT 1 FROM return_lines rl JOIN returns r ON r.id = rl.return_id
        WHERE rl.organization_id = $1 AND rl.barcode = $2 AND r.status IN ('AWAITING_ARRIVAL', 'ARRIVED') LIMIT 1`,
      [organizationId, barcode],
    );
    return rows.length > 0;
  }
}
