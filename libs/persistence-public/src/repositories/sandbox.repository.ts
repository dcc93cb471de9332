// SQL of sandbox organizations (contract 6.10): whether an organization is one, its own warehouse, and the work
// its auto-advance claims. A claim locks one row (FOR UPDATE SKIP LOCKED) in the caller's transaction, so two
// replicas never take the same step, and the step is decided from the row's state: what is due survives a restart
// because it is the data itself, never a timer.
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';

export type OrganizationEnvironment = 'LIVE' | 'SANDBOX';

export interface DueStep {
  organizationId: string;
  id: string;
  status: string;
}

/** Fulfilment order states auto-advance moves on (SHIPPED only while a shipment is not final). */
const ADVANCING_FULFILMENT = ['OPEN', 'BACK_ORDERED', 'ALLOCATED', 'PICKING', 'PARTIALLY_SHIPPED'];

@Injectable()
export class SandboxRepository {
  /** The organization's environment, or undefined when it does not exist. */
  async environment(q: Queryable, organizationId: string): Promise<OrganizationEnvironment | undefined> {
    const { rows } = await q.query<{ environment: OrganizationEnvironment }>('SELECT environment FROM organizations WHERE id = $1', [organizationId]);
    return rows[0]?.environment;
  }

  /** The warehouse of the sandbox organization's own (`sandbox-` and its id), when it has one. */
  async ownWarehouse(q: Queryable, organizationId: string): Promise<string | undefined> {
    const { rows } = await q.query<{ id: string }>('SELECT id FROM warehouses WHERE sandbox_organization_id = $1', [organizationId]);
    return rows[0]?.id;
  }

  /**
   * One fulfilment order of an auto-advancing sandbox whose last change is at least `seconds` old and that has a
   * step left (allocate, ship, deliver), locked; another replica skips it.
   */
  async claimDueFulfilmentOrder(tx: Queryable, seconds: number): Promise<DueStep | undefined> {
    const { rows } = await tx.query<DueStep>(
      `SELECT f.id, f.organization_id AS "organizationId", f.status
         FROM organizations o JOIN fulfilment_orders f ON f.organization_id = o.id
        WHERE o.auto_advance AND o.environment = 'SANDBOX'
          AND f.updated_at <= now() - make_interval(secs => $1)
          AND (f.status = ANY ($2::text[])
               OR (f.status = 'SHIPPED' AND EXISTS (
                     SELECT 1 FROM shipments s WHERE s.fulfilment_order_id = f.id AND s.status NOT IN ('DELIVERED', 'RETURNED'))))
        ORDER BY f.updated_at
        LIMIT 1
          FOR UPDATE OF f SKIP LOCKED`,
      [seconds, ADVANCING_FULFILMENT],
    );
    return rows[0];
  }

  /** One return of an auto-advancing sandbox that has yet to arrive or complete, its last change `seconds` old, locked. */
  async claimDueReturn(tx: Queryable, seconds: number): Promise<DueStep | undefined> {
    const { rows } = await tx.query<DueStep>(
      `SELECT r.id, r.organization_id AS "organizationId", r.status
         FROM organizations o JOIN returns r ON r.organization_id = o.id
        WHERE o.auto_advance AND o.environment = 'SANDBOX'
          AND r.status IN ('AWAITING_ARRIVAL', 'ARRIVED')
          AND r.updated_at <= now() - make_interval(secs => $1)
        ORDER BY r.updated_at
        LIMIT 1
          FOR UPDATE OF r SKIP LOCKED`,
      [seconds],
    );
    return rows[0];
  }

  /** One inbound shipment of an auto-advancing sandbox still to be received, its last change `seconds` old, locked. */
  async claimDueInboundShipment(tx: Queryable, seconds: number): Promise<DueStep | undefined> {
    const { rows } = await tx.query<DueStep>(
      `SELECT i.id, i.organization_id AS "organizationId", i.status
         FROM organizations o JOIN inbound_shipments i ON i.organization_id = o.id
        WHERE o.auto_advance AND o.environment = 'SANDBOX'
          AND i.status IN ('AWAITING', 'RECEIVING')
          AND i.updated_at <= now() - make_interval(secs => $1)
        ORDER BY i.updated_at
        LIMIT 1
          FOR UPDATE OF i SKIP LOCKED`,
      [seconds],
    );
    return rows[0];
  }

  /** Sets the thing's last change to now, so that auto-advance tries its refused step again one interval later. */
  async postpone(tx: Queryable, kind: 'fulfilmentOrder' | 'return' | 'inboundShipment', id: string): Promise<void> {
    const table = { fulfilmentOrder: 'fulfilment_orders', return: 'returns', inboundShipment: 'inbound_shipments' }[kind];
    await tx.query(`UPDATE ${table} SET updated_at = now() WHERE id = $1`, [id]);
  }
}
