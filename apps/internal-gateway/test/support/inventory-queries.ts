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
  const { rows } = await db.query<{ type: string; aggregate_type: string; warehouse_id: string | null; barcode: string | null; initiator: string | null; payload: Record<string, unknown> }>(
    'SELECT type, aggregate_type, warehouse_id, barcode, initiator, payload FROM domain_events WHERE aggregate_id = $1 ORDER BY sequence',
    [aggregateId],
  );
  return rows.map((r) => ({ type: r.type, aggregateType: r.aggregate_type, warehouseId: r.warehouse_id, barcode: r.barcode, initiator: r.initiator, payload: r.payload }));
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
