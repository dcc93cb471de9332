// Return creation for the baseline: the gateway's transaction, statement for statement (the order's
// fulfilment order locked, what shipped and what the order's returns claim, the return and its lines, its
// event), with a hand-written check of the body. The claim rule is the domain's (returnable-quantities.ts),
// written out again here as SQL would not be the same work.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const REASONS = ['DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'NO_LONGER_NEEDED', 'OTHER'];
const ACTIONS = ['RESTOCK', 'DISPOSE'];
const BARCODE = /^[A-Za-z0-9._-]{1,100}$/;

export interface BaselineReturnInput {
  reason: string;
  lines: { barcode: string; quantity: number; action?: string }[];
}

export class ReturnInputError extends Error {}

/** The fields the scenario sends; any other is refused, as the gateway refuses unknown properties. */
export function parseReturnInput(body: unknown): BaselineReturnInput {
  const b = body as Partial<BaselineReturnInput> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new ReturnInputError('The body must be an object.');
  for (const key of Object.keys(b)) if (key !== 'reason' && key !== 'lines') throw new ReturnInputError(`/${key} is not a known property`);
  if (!REASONS.includes(b.reason as string)) throw new ReturnInputError('/reason is not a reason');
  if (!Array.isArray(b.lines) || b.lines.length < 1 || b.lines.length > 100) throw new ReturnInputError('/lines must have 1 to 100 lines');
  const seen = new Set<string>();
  b.lines.forEach((line, i) => {
    if (typeof line?.barcode !== 'string' || !BARCODE.test(line.barcode)) throw new ReturnInputError(`/lines/${i}/barcode is not a barcode`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new ReturnInputError(`/lines/${i}/quantity must be a positive integer`);
    if (line.action !== undefined && !ACTIONS.includes(line.action)) throw new ReturnInputError(`/lines/${i}/action is not an action`);
    if (seen.has(line.barcode)) throw new ReturnInputError(`/lines/${i}/barcode repeats a barcode`);
    seen.add(line.barcode);
  });
  return b as BaselineReturnInput;
}

export type BaselineReturnOutcome = { kind: 'created'; record: unknown } | { kind: 'notFound' | 'unknownBarcode' | 'exceeded' };

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function baselineReturn(
  pool: pg.Pool,
  request: { clientId: string; organizationId: string; storeId: string; salesOrderId: string; input: BaselineReturnInput },
): Promise<BaselineReturnOutcome> {
  const { clientId, organizationId, storeId, salesOrderId, input } = request;
  const client = await pool.connect();
  let broken = false;
  const rollback = async (kind: 'notFound' | 'unknownBarcode' | 'exceeded'): Promise<BaselineReturnOutcome> => {
    await client.query('ROLLBACK');
    return { kind };
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    const found = await client.query<{ id: string }>(
      `SELECT f.id FROM sales_orders o JOIN fulfilment_orders f ON f.sales_order_id = o.id WHERE o.id = $1 AND o.organization_id = $2 AND o.store_id = $3`,
      [salesOrderId, organizationId, storeId],
    );
    if (!found.rows[0]) return rollback('notFound');
    const fulfilmentOrderId = found.rows[0].id;
    const locked = await client.query<{ organization_id: string; warehouse_id: string }>(
      'SELECT id, organization_id, warehouse_id, store_id, sales_order_id, status FROM fulfilment_orders WHERE id = $1::text FOR UPDATE',
      [fulfilmentOrderId],
    );
    await client.query('SELECT position, barcode, quantity FROM fulfilment_order_lines WHERE fulfilment_order_id = $1::text ORDER BY position', [
      fulfilmentOrderId,
    ]);
    if (locked.rows[0]?.organization_id !== organizationId) return rollback('notFound');
    const warehouseId = locked.rows[0].warehouse_id;
    const units = await client.query<{ barcode: string; sku: string }>(
      'SELECT barcode, sku FROM retail_units WHERE organization_id = $1 AND barcode = ANY($2::text[])',
      [organizationId, input.lines.map((l) => l.barcode)],
    );
    const skus = new Map(units.rows.map((u) => [u.barcode, u.sku]));
    if (input.lines.some((l) => !skus.has(l.barcode))) return rollback('unknownBarcode');
    const shipped = await client.query<{ barcode: string; quantity: string }>(
      `SELECT sl.barcode, sum(sl.quantity)::text AS quantity FROM shipments s JOIN shipment_lines sl ON sl.shipment_id = s.id
        WHERE s.fulfilment_order_id = $1::text GROUP BY sl.barcode`,
      [fulfilmentOrderId],
    );
    const left = new Map(shipped.rows.map((r) => [r.barcode, Number(r.quantity)]));
    const claims = await client.query<{ status: string; barcode: string; quantity: string; received_quantity: string | null }>(
      `SELECT r.id AS return_id, r.status, rl.barcode, rl.quantity::text, rl.received_quantity::text
         FROM returns r JOIN return_lines rl ON rl.return_id = r.id WHERE r.sales_order_id = $1`,
      [salesOrderId],
    );
    for (const claim of claims.rows) {
      const claimed =
        claim.status === 'AWAITING_ARRIVAL' || claim.status === 'ARRIVED'
          ? Number(claim.quantity)
          : claim.status === 'COMPLETED'
            ? Number(claim.received_quantity ?? 0)
            : 0;
      if (left.has(claim.barcode)) left.set(claim.barcode, (left.get(claim.barcode) as number) - claimed);
    }
    if (left.size === 0 || input.lines.some((l) => l.quantity > (left.get(l.barcode) ?? -1))) return rollback('exceeded');
    const id = randomUUID();
    const lines = input.lines.map((l) => ({ barcode: l.barcode, sku: skus.get(l.barcode) as string, quantity: l.quantity, action: l.action ?? 'RESTOCK' }));
    await client.query(
      `INSERT INTO returns (id, organization_id, sales_order_id, fulfilment_order_id, store_id, warehouse_id, reference, reason, note, status,
                            carrier, tracking_number, tracking_url, created_by_client_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'AWAITING_ARRIVAL', $10, $11, $12, $13)`,
      [id, organizationId, salesOrderId, fulfilmentOrderId, storeId, warehouseId, null, input.reason, null, null, null, null, clientId],
    );
    await client.query(
      `INSERT INTO return_lines (return_id, position, organization_id, barcode, sku, quantity, action)
       SELECT $1, l.position, $2, l.barcode, l.sku, l.quantity, l.action
         FROM unnest($3::int[], $4::text[], $5::text[], $6::bigint[], $7::text[]) AS l(position, barcode, sku, quantity, action)`,
      [
        id,
        organizationId,
        lines.map((_, i) => i),
        lines.map((l) => l.barcode),
        lines.map((l) => l.sku),
        lines.map((l) => l.quantity),
        lines.map((l) => l.action),
      ],
    );
    const times = await client.query<{ created_at: string; updated_at: string; environment: string }>(
      `SELECT ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              (SELECT lower(environment) FROM organizations WHERE id = r.organization_id) AS environment
         FROM returns r WHERE id = $1`,
      [id],
    );
    await client.query(
      `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
       VALUES (gen_random_uuid(), $1, 'ReturnCreated', 'Return', $2, $3, NULL, $4, $5)`,
      [
        organizationId,
        id,
        warehouseId,
        JSON.stringify({ lines: lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity, action: l.action })), salesOrderId }),
        clientId,
      ],
    );
    await client.query('COMMIT');
    return {
      kind: 'created',
      record: {
        id,
        salesOrderId,
        organizationId,
        environment: times.rows[0].environment,
        storeId,
        warehouseId,
        reason: input.reason,
        status: 'AWAITING_ARRIVAL',
        lines,
        createdAt: times.rows[0].created_at,
        updatedAt: times.rows[0].updated_at,
      },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}
