// Sales-order creation for the baseline: the gateway's transaction, statement for statement (order,
// lines, OPEN fulfilment order, events, pendingAllocation through the locked levels, idempotency
// record), with a hand-written check of the body instead of a validation framework.
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

export type BaselineOutcome = { kind: 'created' | 'replayed'; record: unknown } | { kind: 'conflict' | 'reused' | 'unresolved' };

interface Request {
  clientId: string;
  organizationId: string;
  storeId: string;
  warehouseId: string;
  idempotencyKey?: string;
  input: BaselineSalesOrderInput;
}

const CUSTOMER_FIELDS = ['firstName', 'lastName', 'contactNumber', 'email'] as const;
const LINE_FIELDS = ['name', 'sku', 'barcode', 'quantity', 'price', 'minShelfLifeDays', 'weightGram', 'harmonizedCode', 'countryCodeOfOrigin'] as const;
const pick = (source: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => source[f] !== undefined).map((f) => [f, source[f]]));

export async function baselineSalesOrder(pool: pg.Pool, request: Request): Promise<BaselineOutcome> {
  const { clientId, organizationId, storeId, warehouseId, idempotencyKey: key, input } = request;
  const fingerprint = createHash('sha256')
    .update(canonical({ operation: 'createSalesOrder', path: [organizationId, storeId], body: input }))
    .digest('hex');
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    const earlier = await idempotentStart(client, clientId, key, fingerprint);
    if (earlier) return earlier;
    const units = await client.query<{ barcode: string; sku: string; archived: boolean }>(
      `SELECT barcode, sku, archived_at IS NOT NULL AS archived FROM retail_units
        WHERE organization_id = $1 AND (barcode = ANY($2::text[]) OR sku = ANY($3::text[]))`,
      [
        organizationId,
        input.lineItems.flatMap((l) => (l.barcode !== undefined ? [l.barcode] : [])),
        input.lineItems.flatMap((l) => (l.barcode === undefined ? [l.sku] : [])),
      ],
    );
    const barcodes = input.lineItems.map((line) => {
      const live = units.rows.filter((u) => (line.barcode !== undefined ? u.barcode === line.barcode : u.sku === line.sku) && !u.archived);
      return live.length === 1 ? live[0].barcode : undefined;
    });
    if (barcodes.some((b) => b === undefined)) {
      await client.query('ROLLBACK');
      return { kind: 'unresolved' };
    }
    const lines = input.lineItems.map((line, i) => ({ ...line, barcode: barcodes[i] as string }));
    const salesOrderId = randomUUID();
    const fulfilmentOrderId = `fo-${randomUUID()}`;
    const created = await client.query<{ created_at: Date }>(
      `INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, note, customer, created_by_client_id)
       VALUES ($1, $2, $3, $4, 'RECEIVED', $5, $6, $7, $8) RETURNING created_at`,
      [salesOrderId, organizationId, storeId, input.orderReference, input.placedAt ?? null, input.note ?? null, JSON.stringify(input.customer), clientId],
    );
    await client.query(
      `INSERT INTO sales_order_lines (sales_order_id, position, barcode, sku, quantity, attributes)
       SELECT $1, l.position, l.barcode, l.sku, l.quantity, l.attributes
         FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[], $6::jsonb[]) AS l(position, barcode, sku, quantity, attributes)`,
      [
        salesOrderId,
        lines.map((_, i) => i),
        lines.map((l) => l.barcode),
        lines.map((l) => l.sku),
        lines.map((l) => l.quantity),
        lines.map((l) => JSON.stringify(l)),
      ],
    );
    const quantities = new Map<string, number>();
    for (const line of lines) quantities.set(line.barcode, (quantities.get(line.barcode) ?? 0) + line.quantity);
    // The fulfilment order's lines and their events in the order of the barcodes' first lines; the levels
    // locked and written in barcode order, as the gateway's ledger takes them.
    const foLines = [...quantities].map(([barcode, quantity]) => ({ barcode, quantity }));
    const levelLines = [...foLines].sort((a, b) => (a.barcode < b.barcode ? -1 : a.barcode > b.barcode ? 1 : 0));
    await client.query(
      `INSERT INTO fulfilment_orders (id, organization_id, warehouse_id, store_id, sales_order_id, status) VALUES ($1, $2, $3, $4, $5, 'OPEN')`,
      [fulfilmentOrderId, organizationId, warehouseId, storeId, salesOrderId],
    );
    await client.query(
      `INSERT INTO fulfilment_order_lines (fulfilment_order_id, position, organization_id, barcode, quantity)
       SELECT $1, l.position, $2, l.barcode, l.quantity FROM unnest($3::int[], $4::text[], $5::bigint[]) AS l(position, barcode, quantity)`,
      [fulfilmentOrderId, organizationId, foLines.map((_, i) => i), foLines.map((l) => l.barcode), foLines.map((l) => l.quantity)],
    );
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
    ];
    const appendEvents = (
      list: { type: string; aggregateType: string; aggregateId: string; warehouseId: string | null; barcode: string | null; payload: unknown }[],
    ) =>
      client.query(
        `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
         SELECT gen_random_uuid(), e.organization_id, e.type, e.aggregate_type, e.aggregate_id, e.warehouse_id, e.barcode, e.payload, e.initiator
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[])
           AS e(organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)`,
        [
          list.map(() => organizationId),
          list.map((e) => e.type),
          list.map((e) => e.aggregateType),
          list.map((e) => e.aggregateId),
          list.map((e) => e.warehouseId),
          list.map((e) => e.barcode),
          list.map((e) => JSON.stringify(e.payload)),
          list.map(() => clientId),
        ],
      );
    await appendEvents(events);
    await client.query(
      `SELECT 1 FROM inventory_levels l
         JOIN unnest($1::uuid[], $2::text[], $3::text[]) AS k(organization_id, warehouse_id, barcode)
           ON (l.organization_id, l.warehouse_id, l.barcode) = (k.organization_id, k.warehouse_id, k.barcode)
        ORDER BY l.organization_id, l.warehouse_id, l.barcode
        FOR UPDATE OF l`,
      [levelLines.map(() => organizationId), levelLines.map(() => warehouseId), levelLines.map((l) => l.barcode)],
    );
    await appendEvents(
      foLines.map((l) => ({
        type: 'PendingAllocationRaised',
        aggregateType: 'FulfilmentOrder',
        aggregateId: fulfilmentOrderId,
        warehouseId,
        barcode: l.barcode,
        payload: { salesOrderId, delta: { onHand: 0, allocated: 0, pendingAllocation: l.quantity } },
      })),
    );
    for (const line of levelLines) {
      await client.query(
        `INSERT INTO inventory_levels AS l (organization_id, warehouse_id, barcode, on_hand, allocated, pending_allocation)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (organization_id, warehouse_id, barcode) DO UPDATE SET
           on_hand = l.on_hand + EXCLUDED.on_hand,
           allocated = l.allocated + EXCLUDED.allocated,
           pending_allocation = l.pending_allocation + EXCLUDED.pending_allocation,
           updated_at = now()
         RETURNING on_hand, allocated, pending_allocation`,
        [organizationId, warehouseId, line.barcode, 0, 0, line.quantity],
      );
    }
    const record = {
      id: salesOrderId,
      organizationId,
      storeId,
      orderReference: input.orderReference,
      status: 'RECEIVED',
      ...(input.placedAt !== undefined ? { placedAt: input.placedAt } : {}),
      createdAt: created.rows[0].created_at.toISOString(),
      customer: pick(input.customer, CUSTOMER_FIELDS),
      lineItems: lines.map((line) => pick(line as unknown as Record<string, unknown>, LINE_FIELDS)),
      fulfilmentOrderId,
    };
    if (key !== undefined) {
      await client.query(
        `INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, completed_at)
         VALUES ($1, $2, $3, 'COMPLETED', $4, $5, now())`,
        [clientId, key, fingerprint, 201, JSON.stringify(record)],
      );
    }
    await client.query('COMMIT');
    return { kind: 'created', record };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}
