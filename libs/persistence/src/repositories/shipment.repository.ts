// SQL of shipments: the parcels of a fulfilment order, their lines, and what a webhook of one shows.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export type ShipmentStatus = 'SHIPPED' | 'IN_TRANSIT' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'EXCEPTION' | 'RETURNED';

export interface ShipmentLineRow {
  barcode: string;
  sku: string;
  quantity: number;
}

/** A shipment as read back; times are ISO 8601 UTC with milliseconds, as the records show them. */
export interface ShipmentRow {
  id: string;
  status: ShipmentStatus;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string;
  deliveredAt: string | null;
  lines: ShipmentLineRow[];
}

export interface NewShipment {
  id: string;
  organizationId: string;
  fulfilmentOrderId: string;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: ShipmentLineRow[];
}

export interface ShipmentChange {
  status: ShipmentStatus;
  trackingNumber?: string;
  trackingUrl?: string;
  /** ISO 8601; set with DELIVERED only. */
  deliveredAt?: string;
}

/** A shipment with the sales order it belongs to (a webhook's payload). */
export interface ShipmentOfSalesOrder {
  shipment: ShipmentRow;
  salesOrderId: string;
  storeId: string;
  orderReference: string;
}

const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One shipment as JSON, in ShipmentRow's shape (`s` is the shipments row). */
const SHIPMENT_JSON = `json_build_object('id', s.id, 'status', s.status, 'carrier', s.carrier, 'service', s.service,
  'trackingNumber', s.tracking_number, 'trackingUrl', s.tracking_url, 'shippedAt', ${isoUtc('s.shipped_at')},
  'deliveredAt', ${isoUtc('s.delivered_at')},
  'lines', (SELECT json_agg(json_build_object('barcode', sl.barcode, 'sku', sl.sku, 'quantity', sl.quantity) ORDER BY sl.position)
              FROM shipment_lines sl WHERE sl.shipment_id = s.id))`;

/** The shipments of the fulfilment order `f`, oldest first, as a JSON array ([] before any): a column of a query on fulfilment_orders f. */
export const SHIPMENTS_OF_FULFILMENT_ORDER_JSON = `(SELECT coalesce(json_agg(${SHIPMENT_JSON} ORDER BY s.position), '[]'::json)
  FROM shipments s WHERE s.fulfilment_order_id = f.id)`;

@Injectable()
export class ShipmentRepository {
  /** The order's shipments, oldest first. */
  async listOfFulfilmentOrder(q: Queryable, fulfilmentOrderId: string): Promise<ShipmentRow[]> {
    const { rows } = await q.query<{ shipments: ShipmentRow[] }>(
      `SELECT ${SHIPMENTS_OF_FULFILMENT_ORDER_JSON} AS shipments FROM fulfilment_orders f WHERE f.id = $1::text`,
      [fulfilmentOrderId],
    );
    return rows[0]?.shipments ?? [];
  }

  /** The fulfilment order of a shipment of the organization, or undefined. */
  async fulfilmentOrderOf(q: Queryable, organizationId: string, shipmentId: string): Promise<string | undefined> {
    const { rows } = await q.query<{ fulfilment_order_id: string }>('SELECT fulfilment_order_id FROM shipments WHERE id = $1 AND organization_id = $2', [
      shipmentId,
      organizationId,
    ]);
    return rows[0]?.fulfilment_order_id;
  }

  /** The sku of each barcode of the organization's retail units among those given. */
  async skusOf(q: Queryable, organizationId: string, barcodes: string[]): Promise<Map<string, string>> {
    const { rows } = await q.query<{ barcode: string; sku: string }>(
      'SELECT barcode, sku FROM retail_units WHERE organization_id = $1 AND barcode = ANY($2::text[])',
      [organizationId, barcodes],
    );
    return new Map(rows.map((r) => [r.barcode, r.sku]));
  }

  /** Inserts the order's next shipment (status SHIPPED, shipped now); the caller holds the order's lock. */
  async insert(tx: Queryable, shipment: NewShipment): Promise<ShipmentRow> {
    await tx.query(
      `INSERT INTO shipments (id, organization_id, fulfilment_order_id, position, status, carrier, service, tracking_number, tracking_url)
       SELECT $1::uuid, $2::uuid, $3::text, coalesce(max(position) + 1, 0), 'SHIPPED', $4::text, $5::text, $6::text, $7::text FROM shipments WHERE fulfilment_order_id = $3::text`,
      [shipment.id, shipment.organizationId, shipment.fulfilmentOrderId, shipment.carrier, shipment.service, shipment.trackingNumber, shipment.trackingUrl],
    );
    await tx.query(
      `INSERT INTO shipment_lines (shipment_id, position, organization_id, barcode, sku, quantity)
       SELECT $1, l.position, $2, l.barcode, l.sku, l.quantity FROM unnest($3::int[], $4::text[], $5::text[], $6::bigint[]) AS l(position, barcode, sku, quantity)`,
      [
        shipment.id,
        shipment.organizationId,
        shipment.lines.map((_, i) => i),
        shipment.lines.map((l) => l.barcode),
        shipment.lines.map((l) => l.sku),
        shipment.lines.map((l) => l.quantity),
      ],
    );
    return (await this.find(tx, shipment.id)) as ShipmentRow;
  }

  /** Sets a shipment's status (and tracking, and delivery time, when given); answers it as it now is. */
  async update(tx: Queryable, id: string, change: ShipmentChange): Promise<ShipmentRow> {
    await tx.query(
      `UPDATE shipments SET status = $2, tracking_number = coalesce($3, tracking_number), tracking_url = coalesce($4, tracking_url),
              delivered_at = coalesce($5::timestamptz, delivered_at), updated_at = now()
        WHERE id = $1`,
      [id, change.status, change.trackingNumber ?? null, change.trackingUrl ?? null, change.deliveredAt ?? null],
    );
    return (await this.find(tx, id)) as ShipmentRow;
  }

  async find(q: Queryable, id: string): Promise<ShipmentRow | undefined> {
    const { rows } = await q.query<{ shipment: ShipmentRow }>(`SELECT ${SHIPMENT_JSON} AS shipment FROM shipments s WHERE s.id = $1`, [id]);
    return rows[0]?.shipment;
  }

  /** A shipment of the organization with its sales order; undefined when it has none (an imported fulfilment order) or does not exist. */
  async findWithSalesOrder(q: Queryable, organizationId: string, id: string): Promise<ShipmentOfSalesOrder | undefined> {
    const { rows } = await q.query<{ shipment: ShipmentRow; sales_order_id: string; store_id: string; order_reference: string }>(
      `SELECT ${SHIPMENT_JSON} AS shipment, o.id AS sales_order_id, o.store_id, o.order_reference
         FROM shipments s JOIN fulfilment_orders f ON f.id = s.fulfilment_order_id JOIN sales_orders o ON o.id = f.sales_order_id
        WHERE s.id = $1 AND s.organization_id = $2`,
      [id, organizationId],
    );
    const row = rows[0];
    return row && { shipment: row.shipment, salesOrderId: row.sales_order_id, storeId: row.store_id, orderReference: row.order_reference };
  }
}
