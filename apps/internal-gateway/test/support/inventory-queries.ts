// What the internal e2e tests read straight from the database to check an answer's effects, and the
// one-line way to dispatch a command.
import type { Database } from '@gateway/persistence';
import type { RunningInternalGateway } from './start-internal-gateway';

export interface StoredLevel {
  onHand: number;
  allocated: number;
  pendingAllocation: number;
}

export async function storedLevel(db: Database, organizationId: string, warehouseId: string, barcode: string): Promise<StoredLevel | undefined> {
  const { rows } = await db.query<{ on_hand: number; allocated: number; pending_allocation: number }>(
    'SELECT on_hand, allocated, pending_allocation FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3',
    [organizationId, warehouseId, barcode],
  );
  return rows[0] && { onHand: rows[0].on_hand, allocated: rows[0].allocated, pendingAllocation: rows[0].pending_allocation };
}

export interface StoredEvent {
  type: string;
  aggregateType: string;
  warehouseId: string | null;
  barcode: string | null;
  initiator: string | null;
  payload: Record<string, unknown>;
}

/** The events of one aggregate, oldest first. */
export async function eventsOf(db: Database, aggregateId: string): Promise<StoredEvent[]> {
  const { rows } = await db.query<{
    type: string;
    aggregate_type: string;
    warehouse_id: string | null;
    barcode: string | null;
    initiator: string | null;
    payload: Record<string, unknown>;
  }>('SELECT type, aggregate_type, warehouse_id, barcode, initiator, payload FROM domain_events WHERE aggregate_id = $1 ORDER BY sequence', [aggregateId]);
  return rows.map((r) => ({
    type: r.type,
    aggregateType: r.aggregate_type,
    warehouseId: r.warehouse_id,
    barcode: r.barcode,
    initiator: r.initiator,
    payload: r.payload,
  }));
}

export async function eventCount(db: Database): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM domain_events');
  return rows[0].count;
}

export async function fulfilmentOrderStatus(db: Database, id: string): Promise<string> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM fulfilment_orders WHERE id = $1', [id]);
  return rows[0]?.status;
}

export function dispatch(gateway: RunningInternalGateway, organizationId: string, commandName: string, commandBody: unknown) {
  return gateway.post('/internal-tools/dispatch-command', { commandName, organizationId, commandBody });
}

export interface StoredClarification {
  id: string;
  organizationId: string;
  initiator: string;
  barcodes: string[];
  completed: boolean;
  result: unknown;
}

export async function clarificationsBy(db: Database, initiator: string): Promise<StoredClarification[]> {
  const { rows } = await db.query<{ id: string; organization_id: string; initiator: string; barcodes: string[]; completed: boolean; result: unknown }>(
    'SELECT id, organization_id, initiator, barcodes, completed_at IS NOT NULL AS completed, result FROM inventory_clarifications WHERE initiator = $1 ORDER BY requested_at',
    [initiator],
  );
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    initiator: r.initiator,
    barcodes: r.barcodes,
    completed: r.completed,
    result: r.result,
  }));
}

/** Waits until every clarification of the initiator is completed by the background job (bounded: fails after 30 s). */
export async function waitForClarifications(db: Database, initiator: string, count = 1): Promise<StoredClarification[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await clarificationsBy(db, initiator);
    if (found.length >= count && found.every((c) => c.completed)) return found;
    if (Date.now() > deadline) throw new Error(`clarifications of ${initiator} not completed in 30 s: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The payloads of a level's inventory events, oldest first (what projectLevel folds). */
export async function levelPayloads(db: Database, organizationId: string, warehouseId: string, barcode: string): Promise<unknown[]> {
  const { rows } = await db.query<{ payload: unknown }>(
    "SELECT payload FROM domain_events WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3 AND (payload ? 'set' OR payload ? 'delta') ORDER BY sequence",
    [organizationId, warehouseId, barcode],
  );
  return rows.map((r) => r.payload);
}
