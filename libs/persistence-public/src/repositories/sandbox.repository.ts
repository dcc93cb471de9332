// SQL of sandbox organizations (contract 6.10; whether one is a sandbox: OrganizationRepository): its own warehouse, and the work
// its auto-advance claims. A claim locks one row (FOR UPDATE SKIP LOCKED) in the caller's transaction, so two
// replicas never take the same step, and the step is decided from the row's state: what is due survives a restart
// because it is the data itself, never a timer.
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';

export interface DueStep {
  organizationId: string;
  id: string;
  status: string;
}

/** Fulfilment order states auto-advance moves on (SHIPPED only while a shipment is not final). */
const ADVANCING_FULFILMENT = ['OPEN', 'BACK_ORDERED', 'ALLOCATED', 'PICKING', 'PARTIALLY_SHIPPED'];

@Injectable()
export class SandboxRepository {
  /** The warehouse of the sandbox organization's own (`sandbox-` and its id), when it has one. */
  async ownWarehouse(q: Queryable, organizationId: string): Promise<string | undefined> {
    const { rows } = await q.query<{ id: string }>('SELECT id FROM warehouses WHERE sandbox_organization_id = $1', [organizationId]);
    return rows[0]?.id;
  }

  /**
   * One fulfilment order of an auto-advancing sandbox whose last change is at least `seconds` old and that has a
   * step left (allocate, ship, deliver), locked; another replica skips it.
   */
  claimDueFulfilmentOrder(tx: Queryable, seconds: number, skipOrganizations: string[] = []): Promise<DueStep | undefined> {
    return this.claimDue(
      tx,
      skipOrganizations,
      'fulfilment_orders',
      `t.status = ANY ($2::text[])
       OR (t.status = 'SHIPPED' AND EXISTS (SELECT 1 FROM shipments s WHERE s.fulfilment_order_id = t.id AND s.status NOT IN ('DELIVERED', 'RETURNED')))`,
      [seconds, ADVANCING_FULFILMENT],
    );
  }

  /** One return of an auto-advancing sandbox that has yet to arrive or complete, its last change `seconds` old, locked. */
  claimDueReturn(tx: Queryable, seconds: number, skipOrganizations: string[] = []): Promise<DueStep | undefined> {
    return this.claimDue(tx, skipOrganizations, 'returns', `t.status IN ('AWAITING_ARRIVAL', 'ARRIVED')`, [seconds]);
  }

  /** One inbound shipment of an auto-advancing sandbox still to be received, its last change `seconds` old, locked. */
  claimDueInboundShipment(tx: Queryable, seconds: number, skipOrganizations: string[] = []): Promise<DueStep | undefined> {
    return this.claimDue(tx, skipOrganizations, 'inbound_shipments', `t.status IN ('AWAITING', 'RECEIVING')`, [seconds]);
  }

  /**
   * The claim: the least recently changed row `t` of `table` that `due` holds for, of an auto-advancing sandbox
   * other than `skipOrganizations` (those that had their share of this tick), changed `$1` seconds ago or more.
   */
  private async claimDue(tx: Queryable, skipOrganizations: string[], table: string, due: string, values: unknown[]): Promise<DueStep | undefined> {
    const { rows } = await tx.query<DueStep>(
      `SELECT t.id, t.organization_id AS "organizationId", t.status
         FROM organizations o JOIN ${table} t ON t.organization_id = o.id
        WHERE o.auto_advance AND o.environment = 'SANDBOX'
          AND o.id <> ALL ($${values.length + 1}::uuid[])
          AND t.updated_at <= now() - make_interval(secs => $1)
          AND (${due})
        ORDER BY t.updated_at
        LIMIT 1
          FOR UPDATE OF t SKIP LOCKED`,
      [...values, skipOrganizations],
    );
    return rows[0];
  }

  /** Sets the thing's last change to now, so that auto-advance tries its refused step again one interval later. */
  async postpone(tx: Queryable, kind: 'fulfilmentOrder' | 'return' | 'inboundShipment', id: string): Promise<void> {
    const table = { fulfilmentOrder: 'fulfilment_orders', return: 'returns', inboundShipment: 'inbound_shipments' }[kind];
    await tx.query(`UPDATE ${table} SET updated_at = now() WHERE id = $1`, [id]);
  }
}
