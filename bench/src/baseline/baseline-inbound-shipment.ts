// Inbound-shipment announcement for the baseline: the gateway's transaction, statement for statement
// (idempotency, the warehouses of the organization's stores, the units key-share locked, the shipment, its
// lines, its event, the idempotency record), with a hand-written check of the body instead of a validation
// framework.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { canonical, idempotentStart } from './baseline-sales-order';

export interface BaselineInboundInput {
  reference: string;
  warehouseId: string;
  expectedArrivalDate: string;
  carrier?: string;
  trackingNumber?: string;
  lines: { barcode: string; quantity: number }[];
}

export class InboundInputError extends Error {}

const isString = (v: unknown, max: number): v is string => typeof v === 'string' && [...v].length >= 1 && [...v].length <= max;

export function parseInboundInput(body: unknown, today: string): BaselineInboundInput {
  const b = body as Partial<BaselineInboundInput> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new InboundInputError('The body must be an object.');
  if (!isString(b.reference, 200)) throw new InboundInputError('/reference must be 1 to 200 characters');
  if (typeof b.warehouseId !== 'string' || !/^[A-Za-z0-9._:-]{1,100}$/.test(b.warehouseId)) throw new InboundInputError('/warehouseId is not an id');
  if (typeof b.expectedArrivalDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(b.expectedArrivalDate) || b.expectedArrivalDate < today)
    throw new InboundInputError('/expectedArrivalDate must be a full date, today or later');
  if (b.carrier !== undefined && !isString(b.carrier, 100)) throw new InboundInputError('/carrier must be 1 to 100 characters');
  if (b.trackingNumber !== undefined && !isString(b.trackingNumber, 100)) throw new InboundInputError('/trackingNumber must be 1 to 100 characters');
  if (!Array.isArray(b.lines) || b.lines.length < 1 || b.lines.length > 500) throw new InboundInputError('/lines must have 1 to 500 lines');
  b.lines.forEach((line, i) => {
    if (typeof line?.barcode !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(line.barcode)) throw new InboundInputError(`/lines/${i}/barcode is not a barcode`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > 1_000_000)
      throw new InboundInputError(`/lines/${i}/quantity must be 1 to 1000000`);
  });
  return b as BaselineInboundInput;
}

export type BaselineInboundOutcome = { kind: 'created' | 'replayed'; record: unknown } | { kind: 'conflict' | 'reused' | 'refused' };

export async function baselineInboundShipment(
  pool: pg.Pool,
  request: { clientId: string; organizationId: string; idempotencyKey?: string; input: BaselineInboundInput },
): Promise<BaselineInboundOutcome> {
  const { clientId, organizationId, idempotencyKey: key, input } = request;
  const fingerprint = createHash('sha256')
    .update(canonical({ operation: 'createInboundShipment', path: [organizationId], body: input }))
    .digest('hex');
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    const earlier = await idempotentStart(client, clientId, key, fingerprint);
    if (earlier) return earlier;
    const warehouses = await client.query<{ warehouse_id: string }>('SELECT DISTINCT warehouse_id FROM stores WHERE organization_id = $1', [organizationId]);
    const units = await client.query<{ barcode: string; sku: string; archived: boolean }>(
      `SELECT barcode, sku, archived_at IS NOT NULL AS archived FROM retail_units
        WHERE organization_id = $1 AND barcode = ANY($2::text[]) ORDER BY barcode FOR KEY SHARE`,
      [organizationId, input.lines.map((l) => l.barcode)],
    );
    const skus = new Map(units.rows.filter((u) => !u.archived).map((u) => [u.barcode, u.sku]));
    const distinct = new Set(input.lines.map((l) => l.barcode)).size === input.lines.length;
    if (!warehouses.rows.some((w) => w.warehouse_id === input.warehouseId) || !distinct || input.lines.some((l) => !skus.has(l.barcode))) {
      await client.query('ROLLBACK');
      return { kind: 'refused' };
    }
    const id = randomUUID();
    const created = await client.query<{ created_at: Date; environment: string }>(
      `INSERT INTO inbound_shipments (id, organization_id, warehouse_id, reference, status, expected_arrival_date, carrier, tracking_number, tracking_url, created_by_client_id)
       VALUES ($1, $2, $3, $4, 'AWAITING', $5::date, $6, $7, NULL, $8)
       RETURNING created_at, (SELECT lower(environment) FROM organizations WHERE id = $2) AS environment`,
      [id, organizationId, input.warehouseId, input.reference, input.expectedArrivalDate, input.carrier ?? null, input.trackingNumber ?? null, clientId],
    );
    await client.query(
      `INSERT INTO inbound_shipment_lines (inbound_shipment_id, position, organization_id, barcode, expected_quantity)
       SELECT $1, l.position - 1, $2, l.barcode, l.quantity FROM unnest($3::text[], $4::bigint[]) WITH ORDINALITY AS l(barcode, quantity, position)`,
      [id, organizationId, input.lines.map((l) => l.barcode), input.lines.map((l) => l.quantity)],
    );
    await client.query(
      `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
       VALUES (gen_random_uuid(), $1, 'InboundShipmentCreated', 'InboundShipment', $2, $3, NULL, $4, $5)`,
      [
        organizationId,
        id,
        input.warehouseId,
        JSON.stringify({ reference: input.reference, lines: input.lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })) }),
        clientId,
      ],
    );
    const at = created.rows[0].created_at.toISOString();
    const record = {
      id,
      organizationId,
      environment: created.rows[0].environment,
      warehouseId: input.warehouseId,
      reference: input.reference,
      status: 'AWAITING',
      expectedArrivalDate: input.expectedArrivalDate,
      ...(input.carrier !== undefined ? { carrier: input.carrier } : {}),
      ...(input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {}),
      lines: input.lines.map((l) => ({ barcode: l.barcode, sku: skus.get(l.barcode), expectedQuantity: l.quantity, receivedQuantity: 0 })),
      createdAt: at,
      updatedAt: at,
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
