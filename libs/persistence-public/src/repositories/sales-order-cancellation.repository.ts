// The integrator's cancel of an order whose fulfilment order moves to CANCELLED, in two round trips: one read
// (the organization and store the access policy decides on, the order as answered, its fulfilment order's status,
// warehouse and lines, and the answer stored for the Idempotency-Key) and one statement that writes the
// transition: the fulfilment order's status (only from the status read: a transition in between leaves no row,
// and nothing is written), the sales order's, the events in the order given and the levels' releases, with the
// idempotency record. As SalesOrderCreationRepository.
import { Injectable } from '@nestjs/common';
import {
  Queryable,
  SALES_ORDER_COLUMNS,
  SalesOrderDbRow,
  SalesOrderRow,
  StoreAccess,
  StoreAccessJson,
  storeAccessSql,
  toSalesOrderRow,
  toStoreAccess,
} from '@gateway/persistence';
import { idempotencyLockKey } from './idempotency.repository';

export interface CancellationRead {
  access: StoreAccess;
  order?: SalesOrderRow;
  fulfilment?: { id: string; warehouseId: string; status: string; lines: { barcode: string; quantity: number }[] };
  earlier?: { requestFingerprint: string; responseText: string };
}

export interface CancellationWrite {
  clientId: string;
  idempotency?: { key: string; requestFingerprint: string; responseStatus: number };
  organizationId: string;
  salesOrderId: string;
  fulfilmentOrderId: string;
  warehouseId: string;
  /** The status read: the fulfilment order moves only from it. */
  from: string;
  to: string;
  reason: string | null;
  /** In order; those with `onlyIfSalesOrderChanged` only when the sales order was not cancelled yet. */
  events: {
    type: string;
    aggregateType: string;
    aggregateId: string;
    warehouseId: string | null;
    barcode: string | null;
    payload: unknown;
    onlyIfSalesOrderChanged?: boolean;
  }[];
  /** Each level's change, one per barcode: releases of what the order held, so each level exists (locked in barcode order, then updated). */
  levels: { barcode: string; onHand: number; allocated: number; pendingAllocation: number }[];
  /** The answer's JSON text with "updatedAt":"" at its top level: the statement writes its time there. */
  answerTemplate: string;
}

export type CancellationOutcome =
  | { kind: 'cancelled'; responseText: string }
  | { kind: 'inFlight' }
  /** The fulfilment order is no longer in the status read. */
  | { kind: 'moved' }
  | { kind: 'answered'; earlier: { requestFingerprint: string; responseText: string } | undefined };

const EARLIER = `(SELECT json_build_object('requestFingerprint', request_fingerprint, 'responseText', response_body::text) FROM idempotency_records
   WHERE client_id = $4 AND idempotency_key = $5 AND state = 'COMPLETED')`;

const READ = `SELECT ${storeAccessSql('$2', '$3')} AS access, ${EARLIER} AS earlier, found.*
   FROM (SELECT 1) one LEFT JOIN LATERAL (
     SELECT ${SALES_ORDER_COLUMNS}, f.warehouse_id AS fulfilment_warehouse_id,
            (SELECT json_agg(json_build_object('barcode', l.barcode, 'quantity', l.quantity) ORDER BY l.position)
               FROM fulfilment_order_lines l WHERE l.fulfilment_order_id = f.id) AS fulfilment_lines
       FROM sales_orders o JOIN fulfilment_orders f ON f.sales_order_id = o.id
      WHERE o.id = $1 AND o.organization_id = $2 AND o.store_id = $3) found ON true`;

const WRITE = `WITH lock AS (
    SELECT CASE WHEN $1::text IS NULL THEN true ELSE pg_try_advisory_xact_lock($2::bigint) END AS locked
  ),
  gate AS (
    SELECT now() AS at FROM lock, (SELECT 1 FROM fulfilment_orders WHERE id = $6 AND status = $7 FOR UPDATE) f
     WHERE lock.locked AND NOT EXISTS (SELECT 1 FROM idempotency_records WHERE client_id = $3 AND idempotency_key = $1)
  ),
  answer AS (
    SELECT regexp_replace($11::text, '"updatedAt":""', '"updatedAt":"' || to_char(g.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"') AS body
      FROM gate g
  ),
  idem AS (
    INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, completed_at)
    SELECT $3, $1, $12, 'COMPLETED', $13, a.body::json, now() FROM answer a WHERE $1::text IS NOT NULL
    ON CONFLICT (client_id, idempotency_key) DO NOTHING
    RETURNING response_body::text AS body
  ),
  go AS (SELECT a.body FROM answer a WHERE $1::text IS NULL UNION ALL SELECT body FROM idem),
  moved AS (UPDATE fulfilment_orders SET status = $8, updated_at = now() FROM go WHERE id = $6 AND status = $7 RETURNING id),
  so AS (
    UPDATE sales_orders SET status = 'CANCELLED', cancellation_reason = $9, updated_at = now()
      FROM go WHERE id = $5 AND status <> 'CANCELLED'
    RETURNING id
  ),
  ev AS (
    INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
    SELECT gen_random_uuid(), $4, e->>'type', e->>'aggregateType', e->>'aggregateId', e->>'warehouseId', e->>'barcode', e->'payload', $3
      FROM go, jsonb_array_elements($10::jsonb) WITH ORDINALITY AS x(e, n)
     WHERE NOT coalesce((e->>'onlyIfSalesOrderChanged')::boolean, false) OR EXISTS (SELECT 1 FROM so)
     ORDER BY x.n
  ),
  changes AS (
    SELECT k.* FROM go, unnest($15::text[], $16::bigint[], $17::bigint[], $18::bigint[]) AS k(barcode, on_hand, allocated, pending_allocation)
  ),
  held AS (
    SELECT l.barcode FROM inventory_levels l JOIN changes k ON l.barcode = k.barcode
     WHERE l.organization_id = $4 AND l.warehouse_id = $14 ORDER BY l.barcode FOR UPDATE OF l
  ),
  -- A CTE runs only as far as it is read: counted, held locks every level, in barcode order, before the update
  -- (an EXISTS would read, and lock, the first one only, and the update take the others in its own order).
  lv AS (
    UPDATE inventory_levels l SET on_hand = l.on_hand + k.on_hand, allocated = l.allocated + k.allocated,
           pending_allocation = l.pending_allocation + k.pending_allocation, updated_at = now()
      FROM changes k WHERE l.organization_id = $4 AND l.warehouse_id = $14 AND l.barcode = k.barcode AND (SELECT count(*) FROM held) > 0
  )
  SELECT (SELECT locked FROM lock) AS locked, EXISTS (SELECT 1 FROM gate) AS open, (SELECT body FROM go) AS body, (SELECT count(*) FROM moved)::int AS moved`;

@Injectable()
export class SalesOrderCancellationRepository {
  async read(
    q: Queryable,
    input: { organizationId: string; storeId: string; salesOrderId: string; clientId: string; key: string | undefined },
  ): Promise<CancellationRead> {
    const { rows } = await q.query<
      Partial<SalesOrderDbRow> & {
        access: StoreAccessJson | null;
        earlier: CancellationRead['earlier'] | null;
        fulfilment_warehouse_id: string | null;
        fulfilment_lines: { barcode: string; quantity: number }[] | null;
      }
    >(READ, [input.salesOrderId, input.organizationId, input.storeId, input.clientId, input.key ?? null]);
    const row = rows[0];
    const order = row.id ? toSalesOrderRow(row as SalesOrderDbRow) : undefined;
    return {
      access: toStoreAccess(row.access),
      earlier: row.earlier ?? undefined,
      order,
      fulfilment: order && {
        id: order.fulfilmentOrderId,
        warehouseId: row.fulfilment_warehouse_id as string,
        status: order.fulfilmentStatus,
        lines: row.fulfilment_lines ?? [],
      },
    };
  }

  async write(q: Queryable, change: CancellationWrite): Promise<CancellationOutcome> {
    const key = change.idempotency?.key;
    const { rows } = await q.query<{ locked: boolean; open: boolean; body: string | null }>(WRITE, [
      key ?? null,
      key === undefined ? null : idempotencyLockKey(change.clientId, key),
      change.clientId,
      change.organizationId,
      change.salesOrderId,
      change.fulfilmentOrderId,
      change.from,
      change.to,
      change.reason,
      JSON.stringify(change.events),
      change.answerTemplate,
      change.idempotency?.requestFingerprint ?? null,
      change.idempotency?.responseStatus ?? null,
      change.warehouseId,
      change.levels.map((l) => l.barcode),
      change.levels.map((l) => l.onHand),
      change.levels.map((l) => l.allocated),
      change.levels.map((l) => l.pendingAllocation),
    ]);
    const written = rows[0];
    if (written.body !== null) return { kind: 'cancelled', responseText: written.body };
    if (!written.locked) return { kind: 'inFlight' };
    // Not open: the status changed, or an answer for the key exists; the caller reads again.
    if (!written.open) return { kind: 'moved' };
    const { earlier } = await this.read(q, {
      organizationId: change.organizationId,
      storeId: '',
      salesOrderId: change.salesOrderId,
      clientId: change.clientId,
      key,
    });
    return { kind: 'answered', earlier };
  }
}
