// Sales-order creation for the baseline: the cheapest correct implementation of the gateway's work, with a
// hand-written check of the body instead of a validation framework. Two round trips: one read (the access rule,
// the store, the retail units the lines name, a stored answer for the key) and one statement that writes the
// order, its lines, the OPEN fulfilment order, the events, pendingAllocation and the idempotency record, atomic
// as one statement is. A third only when another request with the key committed between the two.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';

export interface BaselineLine {
  name?: string;
  sku: string;
  barcode?: string;
  quantity: number;
  price?: { currency: string; amountInMinorUnit: number };
  weightGram?: number;
}

export interface BaselineSalesOrderInput {
  orderReference: string;
  placedAt?: string;
  note?: string;
  customer: { firstName: string; lastName?: string; contactNumber?: string; email?: string };
  lineItems: BaselineLine[];
}

export class SalesOrderInputError extends Error {}

const isString = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length >= 1 && v.length <= max;
const isCount = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;

export function parseSalesOrderInput(body: unknown): BaselineSalesOrderInput {
  const b = body as Partial<BaselineSalesOrderInput> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new SalesOrderInputError('The body must be an object.');
  if (!isString(b.orderReference)) throw new SalesOrderInputError('/orderReference must be 1 to 200 characters');
  if (!b.customer || !isString(b.customer.firstName)) throw new SalesOrderInputError('/customer/firstName must be 1 to 200 characters');
  // The gateway answers, stores and fingerprints placedAt in UTC to the millisecond (2026-10-01T12:00:00Z
  // becomes 2026-10-01T12:00:00.000Z); so does the baseline.
  if (b.placedAt !== undefined) {
    const placedAt = typeof b.placedAt === 'string' ? new Date(b.placedAt) : undefined;
    if (!placedAt || Number.isNaN(placedAt.getTime())) throw new SalesOrderInputError('/placedAt must be an ISO 8601 date-time');
    b.placedAt = placedAt.toISOString();
  }
  if (!Array.isArray(b.lineItems) || b.lineItems.length < 1 || b.lineItems.length > 500) throw new SalesOrderInputError('/lineItems must have 1 to 500 lines');
  b.lineItems.forEach((line, i) => {
    if (!isString(line?.sku)) throw new SalesOrderInputError(`/lineItems/${i}/sku must be 1 to 200 characters`);
    if (line.barcode !== undefined && !/^[A-Za-z0-9._-]{1,100}$/.test(line.barcode)) throw new SalesOrderInputError(`/lineItems/${i}/barcode is not a barcode`);
    if (!isCount(line.quantity, 1)) throw new SalesOrderInputError(`/lineItems/${i}/quantity must be a positive integer`);
    if (line.price !== undefined && (!/^[A-Z]{3}$/.test(line.price.currency) || !Number.isSafeInteger(line.price.amountInMinorUnit))) {
      throw new SalesOrderInputError(`/lineItems/${i}/price is not a price`);
    }
  });
  return b as BaselineSalesOrderInput;
}

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const lockKey = (clientId: string, key: string) => createHash('sha256').update(`${clientId}\u0000${key}`).digest().readBigInt64BE(0).toString();

/**
 * The Idempotency-Key protocol's opening, in the transaction begun on `client`: the stored answer (replayed, or
 * reused with another request), a conflict while the key's first request runs, or undefined to do the work.
 * It ends the transaction when it answers.
 */
export async function idempotentStart(
  client: pg.PoolClient,
  clientId: string,
  key: string | undefined,
  fingerprint: string,
): Promise<{ kind: 'replayed'; record: unknown } | { kind: 'reused' | 'conflict' } | undefined> {
  if (key === undefined) return undefined;
  const locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS locked', [lockKey(clientId, key)])).rows[0].locked;
  const { rows } = await client.query<{ request_fingerprint: string; response_body: unknown }>(
    `SELECT request_fingerprint, response_status, response_body, created_at
       FROM idempotency_records WHERE client_id = $1 AND idempotency_key = $2 AND state = 'COMPLETED'`,
    [clientId, key],
  );
  if (rows[0]) {
    await client.query('COMMIT');
    return rows[0].request_fingerprint === fingerprint ? { kind: 'replayed', record: rows[0].response_body } : { kind: 'reused' };
  }
  if (!locked) {
    await client.query('ROLLBACK');
    return { kind: 'conflict' };
  }
  return undefined;
}

export type BaselineOutcome =
  { kind: 'created' | 'replayed'; record: unknown } | { kind: 'conflict' | 'reused' | 'unresolved' | 'noOrganization' | 'forbidden' | 'noStore' };

export interface BaselineCaller {
  clientId: string;
  clientType: string;
  organizationId?: string;
}

interface Request {
  caller: BaselineCaller;
  organizationId: string;
  storeId: string;
  idempotencyKey?: string;
  input: BaselineSalesOrderInput;
}

const CUSTOMER_FIELDS = ['firstName', 'lastName', 'contactNumber', 'email'] as const;
const LINE_FIELDS = ['name', 'sku', 'barcode', 'quantity', 'price', 'minShelfLifeDays', 'weightGram', 'harmonizedCode', 'countryCodeOfOrigin'] as const;
const pick = (source: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => source[f] !== undefined).map((f) => [f, source[f]]));

/** Round trip 1: whether the organization exists, the store's warehouse, the units the lines name, a stored answer. */
const READ_STATEMENT = `SELECT (SELECT lower(environment) FROM organizations WHERE id = $1) AS environment,
   (SELECT warehouse_id FROM stores WHERE organization_id = $1 AND id = $2) AS warehouse_id,
   (SELECT coalesce(json_agg(json_build_object('barcode', barcode, 'sku', sku, 'archived', archived_at IS NOT NULL)), '[]'::json)
      FROM retail_units WHERE organization_id = $1 AND (barcode = ANY($3::text[]) OR sku = ANY($4::text[]))) AS units,
   (SELECT json_build_object('fingerprint', request_fingerprint, 'body', response_body) FROM idempotency_records
     WHERE client_id = $5 AND idempotency_key = $6 AND state = 'COMPLETED') AS earlier`;

/**
 * Round trip 2, one statement: every write is gated on \`go\`, one row when the key's lock is free (a request with
 * the key in flight holds it), no answer is stored for the key, and the units resolved are still live (held
 * FOR KEY SHARE). The idempotency record is inserted ON CONFLICT DO NOTHING, and \`go\` for a keyed request is
 * that insert's row: a request with the key that committed after this statement's snapshot leaves no row, and so
 * no order. The levels are written in barcode order (the ledger's lock order), each one upsert, declared first of
 * the writes: Postgres runs the writes no query reads last-declared first, so the levels are locked after the inserts.
 */
const WRITE_STATEMENT = `WITH lock AS (
    SELECT CASE WHEN $1::text IS NULL THEN true ELSE pg_try_advisory_xact_lock($2::bigint) END AS locked
  ),
  units AS (
    SELECT count(*) AS n FROM (SELECT 1 FROM retail_units WHERE organization_id = $4 AND barcode = ANY($15::text[]) AND archived_at IS NULL FOR KEY SHARE) u
  ),
  gate AS (
    SELECT now() AS created_at FROM lock, units
     WHERE lock.locked AND units.n = cardinality($15::text[])
       AND NOT EXISTS (SELECT 1 FROM idempotency_records WHERE client_id = $3 AND idempotency_key = $1)
  ),
  stamp AS (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM gate),
  answer AS (
    SELECT regexp_replace(regexp_replace($10::text, '"placedAt":""', '"placedAt":"' || s.at || '"'), '"createdAt":""', '"createdAt":"' || s.at || '"')::json AS body
      FROM stamp s
  ),
  idem AS (
    INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, completed_at)
    SELECT $3, $1, $11, 'COMPLETED', 201, a.body, now() FROM answer a WHERE $1::text IS NOT NULL
    ON CONFLICT (client_id, idempotency_key) DO NOTHING
    RETURNING response_body
  ),
  go AS (SELECT a.body FROM answer a WHERE $1::text IS NULL UNION ALL SELECT response_body FROM idem),
  lv AS (
    INSERT INTO inventory_levels AS l (organization_id, warehouse_id, barcode, on_hand, allocated, pending_allocation)
    SELECT $4, $5, k.barcode, 0, 0, k.quantity FROM go, unnest($15::text[], $17::bigint[]) AS k(barcode, quantity) ORDER BY k.barcode
    ON CONFLICT (organization_id, warehouse_id, barcode) DO UPDATE SET
      pending_allocation = l.pending_allocation + EXCLUDED.pending_allocation, updated_at = now()
  ),
  so AS (
    INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, note, customer, created_by_client_id, shipping_address)
    SELECT $6, $4, $7, $9::jsonb->>'orderReference', 'RECEIVED', COALESCE($8::timestamptz, now()), $9::jsonb->>'note', $9::jsonb->'customer', $3, NULL FROM go
  ),
  sol AS (
    INSERT INTO sales_order_lines (sales_order_id, position, barcode, sku, quantity, attributes)
    SELECT $6, l.position - 1, l.barcode, l.sku, l.quantity, l.attributes
      FROM go, unnest($12::text[], $13::text[], $14::bigint[], $19::jsonb[]) WITH ORDINALITY AS l(barcode, sku, quantity, attributes, position)
  ),
  fo AS (
    INSERT INTO fulfilment_orders (id, organization_id, warehouse_id, store_id, sales_order_id, status) SELECT $16, $4, $5, $7, $6, 'OPEN' FROM go
  ),
  fol AS (
    INSERT INTO fulfilment_order_lines (fulfilment_order_id, position, organization_id, barcode, quantity)
    SELECT $16, l.position - 1, $4, l.barcode, l.quantity FROM go, unnest($15::text[], $17::bigint[]) WITH ORDINALITY AS l(barcode, quantity, position)
  ),
  ev AS (
    INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
    SELECT gen_random_uuid(), $4, e->>'type', e->>'aggregateType', e->>'aggregateId', e->>'warehouseId', e->>'barcode', e->'payload', $3
      FROM go, jsonb_array_elements($18::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY x.n
  )
  SELECT (SELECT locked FROM lock) AS locked, (SELECT n FROM units)::int AS units, (SELECT body FROM go) AS body`;

/**
 * The read and the write as PL/pgSQL functions of the bench's database, as the gateway's are: each session
 * plans them once, and a call is one unnamed statement. Created (or replaced) when the baseline starts, under a
 * transaction-scoped lock so that two baselines starting together do not race.
 */
export const BASELINE_FUNCTIONS = `BEGIN;
SELECT pg_advisory_xact_lock(hashtext('baseline_sales_order functions'));
CREATE OR REPLACE FUNCTION baseline_sales_order_read(uuid, text, text[], text[], text, text)
RETURNS TABLE (out_environment text, out_warehouse_id entity_id, out_units json, out_earlier json) LANGUAGE plpgsql STABLE AS $fn$
BEGIN RETURN QUERY ${READ_STATEMENT}; END $fn$;
CREATE OR REPLACE FUNCTION baseline_sales_order_write(text, bigint, text, uuid, text, uuid, text, timestamptz, jsonb, text, text,
  text[], text[], bigint[], text[], text, bigint[], jsonb, jsonb[])
RETURNS TABLE (out_locked boolean, out_units integer, out_body json) LANGUAGE plpgsql AS $fn$
BEGIN RETURN QUERY ${WRITE_STATEMENT}; END $fn$;
COMMIT;`;
const READ =
  'SELECT out_environment AS environment, out_warehouse_id AS warehouse_id, out_units AS units, out_earlier AS earlier FROM baseline_sales_order_read($1, $2, $3, $4, $5, $6)';
const WRITE = `SELECT out_locked AS locked, out_units AS units, out_body AS body
  FROM baseline_sales_order_write(${Array.from({ length: 19 }, (_, i) => `$${i + 1}`).join(', ')})`;

export async function baselineSalesOrder(pool: pg.Pool, request: Request): Promise<BaselineOutcome> {
  const { caller, organizationId, storeId, idempotencyKey: key, input } = request;
  const clientId = caller.clientId;
  const fingerprint = createHash('sha256')
    .update(canonical({ operation: 'createSalesOrder', path: [organizationId, storeId], body: input }))
    .digest('hex');
  const earlierOutcome = (earlier: { fingerprint: string; body: unknown }): BaselineOutcome =>
    earlier.fingerprint === fingerprint ? { kind: 'replayed', record: earlier.body } : { kind: 'reused' };

  const read = await pool.query<{
    environment: string | null;
    warehouse_id: string | null;
    units: { barcode: string; sku: string; archived: boolean }[];
    earlier: { fingerprint: string; body: unknown } | null;
  }>(READ, [
    organizationId,
    storeId,
    input.lineItems.flatMap((l) => (l.barcode !== undefined ? [l.barcode] : [])),
    input.lineItems.flatMap((l) => (l.barcode === undefined ? [l.sku] : [])),
    clientId,
    key ?? null,
  ]);
  const { environment, warehouse_id: warehouseId, units, earlier } = read.rows[0];
  const organization_exists = environment !== null;
  // The gateway's access rule: a SERVICE client reaches any organization that exists, an ORGANIZATION its own.
  if (caller.clientType === 'SERVICE' ? !organization_exists : caller.clientType !== 'ORGANIZATION' || caller.organizationId !== organizationId) {
    return { kind: caller.clientType === 'SERVICE' ? 'noOrganization' : 'forbidden' };
  }
  if (!warehouseId) return { kind: 'noStore' };
  if (earlier) return earlierOutcome(earlier);

  const barcodes = input.lineItems.map((line) => {
    const live = units.filter((u) => (line.barcode !== undefined ? u.barcode === line.barcode : u.sku === line.sku) && !u.archived);
    return live.length === 1 ? live[0].barcode : undefined;
  });
  if (barcodes.some((b) => b === undefined)) return { kind: 'unresolved' };
  const lines = input.lineItems.map((line, i) => ({ ...line, barcode: barcodes[i] as string }));
  const salesOrderId = randomUUID();
  const fulfilmentOrderId = `fo-${randomUUID()}`;
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.barcode, (quantities.get(line.barcode) ?? 0) + line.quantity);
  // The fulfilment order's lines and their events in the order of the barcodes' first lines (the statement
  // writes the levels in barcode order).
  const foLines = [...quantities].map(([barcode, quantity]) => ({ barcode, quantity }));
  const events = [
    {
      type: 'SalesOrderReceived',
      aggregateType: 'SalesOrder',
      aggregateId: salesOrderId,
      warehouseId: null,
      barcode: null,
      payload: { storeId, orderReference: input.orderReference, fulfilmentOrderId, lines: lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })) },
    },
    {
      type: 'FulfilmentOrderOpened',
      aggregateType: 'FulfilmentOrder',
      aggregateId: fulfilmentOrderId,
      warehouseId,
      barcode: null,
      payload: { status: 'OPEN', salesOrderId, warehouseId, lines: foLines },
    },
    ...foLines.map((l) => ({
      type: 'PendingAllocationRaised',
      aggregateType: 'FulfilmentOrder',
      aggregateId: fulfilmentOrderId,
      warehouseId,
      barcode: l.barcode,
      payload: { salesOrderId, delta: { onHand: 0, allocated: 0, pendingAllocation: l.quantity } },
    })),
  ];
  // The answer, in the gateway's order of keys; the statement fills in createdAt (and placedAt when not sent).
  const record = {
    id: salesOrderId,
    organizationId,
    environment,
    storeId,
    orderReference: input.orderReference,
    status: 'RECEIVED',
    placedAt: input.placedAt ?? '',
    createdAt: '',
    customer: pick(input.customer, CUSTOMER_FIELDS),
    lineItems: lines.map((line) => pick(line as unknown as Record<string, unknown>, LINE_FIELDS)),
    fulfilmentOrderId,
  };
  const { rows } = await pool.query<{ locked: boolean; units: number; body: unknown }>(WRITE, [
    key ?? null,
    key === undefined ? null : lockKey(clientId, key),
    clientId,
    organizationId,
    warehouseId,
    salesOrderId,
    storeId,
    input.placedAt ?? null,
    JSON.stringify({ orderReference: input.orderReference, note: input.note, customer: input.customer }),
    JSON.stringify(record),
    fingerprint,
    lines.map((l) => l.barcode),
    lines.map((l) => l.sku),
    lines.map((l) => l.quantity),
    foLines.map((l) => l.barcode),
    fulfilmentOrderId,
    foLines.map((l) => l.quantity),
    JSON.stringify(events),
    lines.map((l) => JSON.stringify(l)),
  ]);
  const written = rows[0];
  if (written.body) return { kind: 'created', record: written.body };
  if (!written.locked) return { kind: 'conflict' };
  if (written.units !== foLines.length) return { kind: 'unresolved' };
  // Round trip 3: the key's answer, committed by another request after this one's read.
  const stored = await pool.query<{ fingerprint: string; body: unknown }>(
    `SELECT request_fingerprint AS fingerprint, response_body AS body FROM idempotency_records WHERE client_id = $1 AND idempotency_key = $2 AND state = 'COMPLETED'`,
    [clientId, key],
  );
  return stored.rows[0] ? earlierOutcome(stored.rows[0]) : { kind: 'conflict' };
}
