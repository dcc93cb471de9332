// Sales-order creation in two round trips: one read (the organization and store the access policy decides on,
// the retail units the lines name and the answer stored for the Idempotency-Key) and one statement that writes
// everything an order is, atomic as one statement is: the idempotency record, the order and its lines, the OPEN
// fulfilment order and its lines, the events (in the order given, the statement trigger queueing them for
// fan-out) and each level's pendingAllocation. No BEGIN/COMMIT and no named statement, so it passes PgBouncer in
// transaction mode.
import { Injectable } from '@nestjs/common';
import { Queryable, StoreAccess, StoreAccessJson, storeAccessSql, toStoreAccess } from '@gateway/persistence';
import { idempotencyLockKey } from './idempotency.repository';

export interface CreationRead {
  access: StoreAccess;
  units: { barcode: string; sku: string; archived: boolean }[];
  /** The answer stored for the key, as written (its text), with the fingerprint of the request that made it. */
  earlier?: { requestFingerprint: string; responseText: string };
}

export interface NewOrderWrite {
  clientId: string;
  /** Absent: the order is written with no idempotency record. */
  idempotency?: { key: string; requestFingerprint: string; responseStatus: number };
  organizationId: string;
  storeId: string;
  warehouseId: string;
  salesOrderId: string;
  fulfilmentOrderId: string;
  orderReference: string;
  /** null: placed at its creation time. */
  placedAt: string | null;
  note: string | null;
  customer: unknown;
  shippingAddress: unknown;
  lines: { barcode: string; sku: string; quantity: number; attributes: unknown }[];
  /** One per barcode, in the order of the barcodes' first lines. */
  fulfilmentLines: { barcode: string; quantity: number }[];
  events: { type: string; aggregateType: string; aggregateId: string; warehouseId: string | null; barcode: string | null; payload: unknown }[];
  /**
   * The answer's JSON text with "createdAt":"" (and "placedAt":"" when not sent) at its top level, before any
   * nested object: the statement writes the creation time there, so that the stored answer and the one sent are
   * the same text.
   */
  answerTemplate: string;
}

export type NewOrderOutcome =
  | { kind: 'created'; responseText: string }
  /** Another request with the key holds its lock: in flight. */
  | { kind: 'inFlight' }
  /** A unit resolved in the read is archived or gone now. */
  | { kind: 'unitsChanged' }
  /** Another request with the key committed after the read: its answer (if it is still there). */
  | { kind: 'answered'; earlier: { requestFingerprint: string; responseText: string } | undefined };

const READ = `SELECT ${storeAccessSql('$1', '$6')} AS access,
   (SELECT coalesce(json_agg(json_build_object('barcode', barcode, 'sku', sku, 'archived', archived_at IS NOT NULL)), '[]'::json)
      FROM retail_units WHERE organization_id = $1 AND (barcode = ANY($2::text[]) OR sku = ANY($3::text[]))) AS units,
   (SELECT json_build_object('requestFingerprint', request_fingerprint, 'responseText', response_body::text) FROM idempotency_records
     WHERE client_id = $4 AND idempotency_key = $5 AND state = 'COMPLETED') AS earlier`;

/**
 * Every write is gated on `go`: one row when the key's transaction-scoped lock is free (a request with the key
 * in flight holds it: 409), no answer is stored for the key, and each barcode is still a live retail unit (held
 * FOR KEY SHARE until the end). The idempotency record is inserted ON CONFLICT DO NOTHING and, for a keyed
 * request, `go` is that insert's row: a request with the key that committed after this statement's snapshot
 * leaves no row, and so no order. The levels are upserted in barcode order, the ledger's lock order. Postgres runs
 * the writes no query reads last-declared first, so `lv`, declared first, runs after every insert: a popular
 * barcode's row is locked for the statement's end (its foreign-key checks and the fan-out trigger) and the commit only.
 */
const WRITE = `WITH lock AS (
    SELECT CASE WHEN $1::text IS NULL THEN true ELSE pg_try_advisory_xact_lock($2::bigint) END AS locked
  ),
  units AS (
    SELECT count(*) AS n FROM (SELECT 1 FROM retail_units WHERE organization_id = $4 AND barcode = ANY($16::text[]) AND archived_at IS NULL FOR KEY SHARE) u
  ),
  gate AS (
    SELECT now() AS created_at FROM lock, units
     WHERE lock.locked AND units.n = cardinality($16::text[])
       AND NOT EXISTS (SELECT 1 FROM idempotency_records WHERE client_id = $3 AND idempotency_key = $1)
  ),
  stamp AS (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM gate),
  answer AS (
    SELECT regexp_replace(regexp_replace($11::text, '"placedAt":""', '"placedAt":"' || s.at || '"'), '"createdAt":""', '"createdAt":"' || s.at || '"') AS body
      FROM stamp s
  ),
  idem AS (
    INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, completed_at)
    SELECT $3, $1, $12, 'COMPLETED', $21, a.body::json, now() FROM answer a WHERE $1::text IS NOT NULL
    ON CONFLICT (client_id, idempotency_key) DO NOTHING
    RETURNING response_body::text AS body
  ),
  go AS (SELECT a.body FROM answer a WHERE $1::text IS NULL UNION ALL SELECT body FROM idem),
  lv AS (
    INSERT INTO inventory_levels AS l (organization_id, warehouse_id, barcode, pending_allocation)
    SELECT $4, $5, k.barcode, k.quantity FROM go, unnest($16::text[], $18::bigint[]) AS k(barcode, quantity) ORDER BY k.barcode
    ON CONFLICT (organization_id, warehouse_id, barcode) DO UPDATE SET
      pending_allocation = l.pending_allocation + EXCLUDED.pending_allocation, updated_at = now()
  ),
  so AS (
    INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, note, customer, created_by_client_id, shipping_address)
    SELECT $6, $4, $7, $8, 'RECEIVED', COALESCE($9::timestamptz, now()), $10::jsonb->>'note', $10::jsonb->'customer', $3, $10::jsonb->'shippingAddress' FROM go
  ),
  sol AS (
    INSERT INTO sales_order_lines (sales_order_id, position, barcode, sku, quantity, attributes)
    SELECT $6, l.position - 1, l.barcode, l.sku, l.quantity, l.attributes
      FROM go, unnest($13::text[], $14::text[], $15::bigint[], $20::jsonb[]) WITH ORDINALITY AS l(barcode, sku, quantity, attributes, position)
  ),
  fo AS (
    INSERT INTO fulfilment_orders (id, organization_id, warehouse_id, store_id, sales_order_id, status) SELECT $17, $4, $5, $7, $6, 'OPEN' FROM go
  ),
  fol AS (
    INSERT INTO fulfilment_order_lines (fulfilment_order_id, position, organization_id, barcode, quantity)
    SELECT $17, l.position - 1, $4, l.barcode, l.quantity FROM go, unnest($16::text[], $18::bigint[]) WITH ORDINALITY AS l(barcode, quantity, position)
  ),
  ev AS (
    INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
    SELECT gen_random_uuid(), $4, e->>'type', e->>'aggregateType', e->>'aggregateId', e->>'warehouseId', e->>'barcode', e->'payload', $3
      FROM go, jsonb_array_elements($19::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY x.n
  )
  SELECT (SELECT locked FROM lock) AS locked, (SELECT n FROM units)::int AS units, (SELECT body FROM go) AS body`;

@Injectable()
export class SalesOrderCreationRepository {
  /**
   * The organization and store (for the access policy), the units the lines name (by barcode, or by sku for lines
   * without one) and the answer stored for the key.
   */
  async read(
    q: Queryable,
    input: { organizationId: string; storeId: string; barcodes: string[]; skus: string[]; clientId: string; key: string | undefined },
  ): Promise<CreationRead> {
    const { rows } = await q.query<{ access: StoreAccessJson | null; units: CreationRead['units']; earlier: CreationRead['earlier'] | null }>(READ, [
      input.organizationId,
      input.barcodes,
      input.skus,
      input.clientId,
      input.key ?? null,
      input.storeId,
    ]);
    return { access: toStoreAccess(rows[0].access), units: rows[0].units, earlier: rows[0].earlier ?? undefined };
  }

  async write(q: Queryable, order: NewOrderWrite): Promise<NewOrderOutcome> {
    const key = order.idempotency?.key;
    const { rows } = await q.query<{ locked: boolean; units: number; body: string | null }>(WRITE, [
      key ?? null,
      key === undefined ? null : idempotencyLockKey(order.clientId, key),
      order.clientId,
      order.organizationId,
      order.warehouseId,
      order.salesOrderId,
      order.storeId,
      order.orderReference,
      order.placedAt,
      JSON.stringify({ note: order.note ?? undefined, customer: order.customer, shippingAddress: order.shippingAddress ?? undefined }),
      order.answerTemplate,
      order.idempotency?.requestFingerprint ?? null,
      order.lines.map((l) => l.barcode),
      order.lines.map((l) => l.sku),
      order.lines.map((l) => l.quantity),
      order.fulfilmentLines.map((l) => l.barcode),
      order.fulfilmentOrderId,
      order.fulfilmentLines.map((l) => l.quantity),
      JSON.stringify(order.events),
      order.lines.map((l) => JSON.stringify(l.attributes)),
      order.idempotency?.responseStatus ?? null,
    ]);
    const written = rows[0];
    if (written.body !== null) return { kind: 'created', responseText: written.body };
    if (!written.locked) return { kind: 'inFlight' };
    if (written.units !== order.fulfilmentLines.length) return { kind: 'unitsChanged' };
    const { earlier } = await this.read(q, {
      organizationId: order.organizationId,
      storeId: order.storeId,
      barcodes: [],
      skus: [],
      clientId: order.clientId,
      key,
    });
    return { kind: 'answered', earlier };
  }
}
