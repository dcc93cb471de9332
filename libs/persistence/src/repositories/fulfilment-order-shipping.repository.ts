// A ship command in two round trips: one read (the fulfilment order with its row version, lines, shipments and
// the skus of its barcodes) and one statement that writes the shipment decided from it: the order's new status,
// the shipment and its lines, the events in the order given, and the levels' changes (locked in barcode order,
// written only when every one stays within the schema's bounds). The statement writes only while the order's
// row is the version read (its xmin): any transition or shipment in between (which all update that row) leaves
// nothing written, and the caller decides again. Works on the pool (one statement is its own transaction) and
// inside a caller's transaction alike.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { FulfilmentOrderRow } from './fulfilment-order.repository';
import { NewDomainEvent } from './domain-event.repository';
import { ShipmentLineRow } from './shipment.repository';

export interface ShippingRead {
  order: FulfilmentOrderRow;
  /** The row version read (xmin as text): the write applies only to it. */
  version: string;
  /** The order's shipments, oldest first: what each took of each barcode. */
  shipments: { lines: { barcode: string; quantity: number }[] }[];
  /** The sku of each barcode of the order's lines. */
  skus: Map<string, string>;
}

export interface ShippingWrite {
  order: FulfilmentOrderRow;
  version: string;
  to: string;
  shipment: {
    id: string;
    carrier: string | null;
    service: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
    lines: ShipmentLineRow[];
  };
  /** In order; `stampShippedAt` writes the statement's time as the payload's shipment.shippedAt. */
  events: (NewDomainEvent & { stampShippedAt?: boolean })[];
  /** One change per barcode, at the order's warehouse. */
  levels: { barcode: string; onHand: number; allocated: number; pendingAllocation: number }[];
}

export type ShippingOutcome =
  | { kind: 'shipped'; shippedAt: string }
  /** The order's row is no longer the version read: nothing was written. */
  | { kind: 'moved' }
  /** A level would leave the schema's bounds: nothing was written; the levels as locked (absent when there is none). */
  | { kind: 'outOfBounds'; levels: Map<string, { onHand: number; allocated: number; pendingAllocation: number }> };

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const MAX = '9007199254740991';

const READ = `SELECT f.id, f.organization_id, f.warehouse_id, f.store_id, f.sales_order_id, f.status, f.xmin::text AS version,
    (SELECT json_agg(json_build_object('position', l.position, 'barcode', l.barcode, 'quantity', l.quantity) ORDER BY l.position)
       FROM fulfilment_order_lines l WHERE l.fulfilment_order_id = f.id) AS lines,
    (SELECT coalesce(json_agg(json_build_object('lines',
              (SELECT coalesce(json_agg(json_build_object('barcode', sl.barcode, 'quantity', sl.quantity) ORDER BY sl.position), '[]'::json)
                 FROM shipment_lines sl WHERE sl.shipment_id = s.id)) ORDER BY s.position), '[]'::json)
       FROM shipments s WHERE s.fulfilment_order_id = f.id) AS shipments,
    (SELECT json_object_agg(u.barcode, u.sku) FROM retail_units u
      WHERE u.organization_id = f.organization_id AND u.barcode IN (SELECT l.barcode FROM fulfilment_order_lines l WHERE l.fulfilment_order_id = f.id)) AS skus
   FROM fulfilment_orders f WHERE f.id = $1::text`;

const WRITE = `WITH gate AS (
    SELECT now() AS at FROM fulfilment_orders WHERE id = $1::text AND xmin = $2::text::xid FOR UPDATE
  ),
  changes AS (
    SELECT k.* FROM unnest($15::text[], $16::bigint[], $17::bigint[], $18::bigint[]) AS k(barcode, on_hand, allocated, pending_allocation)
  ),
  held AS (
    SELECT l.barcode, l.on_hand, l.allocated, l.pending_allocation FROM inventory_levels l
     WHERE l.organization_id = $3::uuid AND l.warehouse_id = $4::text AND l.barcode = ANY($15::text[]) AND EXISTS (SELECT 1 FROM gate)
     ORDER BY l.barcode FOR UPDATE OF l
  ),
  fits AS (
    SELECT (SELECT count(*) FROM held) = (SELECT count(*) FROM changes)
       AND NOT EXISTS (
         SELECT 1 FROM changes k JOIN held h ON h.barcode = k.barcode
          WHERE NOT (h.on_hand + k.on_hand BETWEEN -${MAX} AND ${MAX} AND h.allocated + k.allocated BETWEEN 0 AND ${MAX}
                     AND h.pending_allocation + k.pending_allocation BETWEEN 0 AND ${MAX})) AS ok
  ),
  go AS (SELECT g.at FROM gate g, fits WHERE fits.ok),
  moved AS (UPDATE fulfilment_orders f SET status = $5, updated_at = go.at FROM go WHERE f.id = $1::text RETURNING f.id),
  shipment AS (
    INSERT INTO shipments (id, organization_id, fulfilment_order_id, position, status, carrier, service, tracking_number, tracking_url, shipped_at)
    SELECT $6::uuid, $3::uuid, $1::text, coalesce((SELECT max(position) + 1 FROM shipments WHERE fulfilment_order_id = $1::text), 0), 'SHIPPED',
           $7::text, $8::text, $9::text, $10::text, go.at
      FROM go
    RETURNING id
  ),
  lines AS (
    INSERT INTO shipment_lines (shipment_id, position, organization_id, barcode, sku, quantity)
    SELECT $6::uuid, l.n - 1, $3::uuid, l.barcode, l.sku, l.quantity
      FROM go, unnest($11::text[], $12::text[], $13::bigint[]) WITH ORDINALITY AS l(barcode, sku, quantity, n)
  ),
  ev AS (
    INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
    SELECT gen_random_uuid(), (e->>'organizationId')::uuid, e->>'type', e->>'aggregateType', e->>'aggregateId', e->>'warehouseId', e->>'barcode',
           CASE WHEN (e->>'stampShippedAt')::boolean
                THEN jsonb_set(e->'payload', '{shipment,shippedAt}', to_jsonb(to_char(go.at AT TIME ZONE 'UTC', ${ISO_UTC})))
                ELSE e->'payload' END,
           e->>'initiator'
      FROM go, jsonb_array_elements($14::jsonb) WITH ORDINALITY AS x(e, n)
     ORDER BY x.n
  ),
  lv AS (
    UPDATE inventory_levels l SET on_hand = l.on_hand + k.on_hand, allocated = l.allocated + k.allocated,
           pending_allocation = l.pending_allocation + k.pending_allocation, updated_at = now()
      FROM go, changes k WHERE l.organization_id = $3::uuid AND l.warehouse_id = $4::text AND l.barcode = k.barcode
  )
  SELECT EXISTS (SELECT 1 FROM gate) AS open,
         (SELECT to_char(at AT TIME ZONE 'UTC', ${ISO_UTC}) FROM go) AS shipped_at,
         (SELECT json_agg(json_build_object('barcode', h.barcode, 'onHand', h.on_hand, 'allocated', h.allocated, 'pendingAllocation', h.pending_allocation))
            FROM held h) AS levels`;

@Injectable()
export class FulfilmentOrderShippingRepository {
  async read(q: Queryable, fulfilmentOrderId: string): Promise<ShippingRead | undefined> {
    const { rows } = await q.query<{
      id: string;
      organization_id: string;
      warehouse_id: string;
      store_id: string | null;
      sales_order_id: string | null;
      status: FulfilmentOrderRow['status'];
      version: string;
      lines: FulfilmentOrderRow['lines'] | null;
      shipments: ShippingRead['shipments'];
      skus: Record<string, string> | null;
    }>(READ, [fulfilmentOrderId]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      order: {
        id: row.id,
        organizationId: row.organization_id,
        warehouseId: row.warehouse_id,
        storeId: row.store_id,
        salesOrderId: row.sales_order_id,
        status: row.status,
        lines: row.lines ?? [],
      },
      version: row.version,
      shipments: row.shipments,
      skus: new Map(Object.entries(row.skus ?? {})),
    };
  }

  async write(q: Queryable, change: ShippingWrite): Promise<ShippingOutcome> {
    const { order, shipment } = change;
    const { rows } = await q.query<{
      open: boolean;
      shipped_at: string | null;
      levels: { barcode: string; onHand: number; allocated: number; pendingAllocation: number }[] | null;
    }>(WRITE, [
      order.id,
      change.version,
      order.organizationId,
      order.warehouseId,
      change.to,
      shipment.id,
      shipment.carrier,
      shipment.service,
      shipment.trackingNumber,
      shipment.trackingUrl,
      shipment.lines.map((l) => l.barcode),
      shipment.lines.map((l) => l.sku),
      shipment.lines.map((l) => l.quantity),
      JSON.stringify(
        change.events.map((e) => ({
          organizationId: e.organizationId,
          type: e.type,
          aggregateType: e.aggregateType,
          aggregateId: e.aggregateId,
          warehouseId: e.warehouseId ?? null,
          barcode: e.barcode ?? null,
          payload: e.payload,
          initiator: e.initiator ?? null,
          stampShippedAt: e.stampShippedAt === true,
        })),
      ),
      change.levels.map((l) => l.barcode),
      change.levels.map((l) => l.onHand),
      change.levels.map((l) => l.allocated),
      change.levels.map((l) => l.pendingAllocation),
    ]);
    const written = rows[0];
    if (written.shipped_at !== null) return { kind: 'shipped', shippedAt: written.shipped_at };
    if (!written.open) return { kind: 'moved' };
    return {
      kind: 'outOfBounds',
      levels: new Map(
        (written.levels ?? []).map((l) => [
          l.barcode,
          { onHand: Number(l.onHand), allocated: Number(l.allocated), pendingAllocation: Number(l.pendingAllocation) },
        ]),
      ),
    };
  }
}
