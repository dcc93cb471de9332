// Cancelling a fulfilment order, for both gateways (staff on the internal one, the integrator that sent the
// sales order on the public one): in the caller's transaction, on an order it has locked, the transition of
// the state machine releases what the order held (through the ledger), and its sales order, if it has
// one, is cancelled with a SalesOrderCancelled event, once. What a refusal answers is the caller's.
import { Injectable } from '@nestjs/common';
import { DomainEventRepository, FulfilmentOrderRow, Queryable, SalesOrderRepository } from '@gateway/persistence';
import { decideTransition } from '../policies/fulfilment-order-state-machine';
import { FulfilmentOrderTransitions } from './fulfilment-order-transitions';

export type CancellationOutcome =
  /** The order moved to CANCELLED now. */
  | { kind: 'cancelled'; order: FulfilmentOrderRow }
  /** It already was CANCELLED: nothing was released again. */
  | { kind: 'already'; order: FulfilmentOrderRow }
  /** Its state does not allow it (PICKING, SHIPPED, WITHDRAWN, ...): nothing changed. */
  | { kind: 'refused'; order: FulfilmentOrderRow; reason: string };

@Injectable()
export class FulfilmentOrderCancellation {
  constructor(
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly salesOrders: SalesOrderRepository,
    private readonly events: DomainEventRepository,
  ) {}

  /** `order` must be locked in `tx` (FulfilmentOrderTransitions.lockInOrganization). */
  async cancel(tx: Queryable, order: FulfilmentOrderRow, initiator: string, reason: string | null = null): Promise<CancellationOutcome> {
    const decision = decideTransition(order.status, 'cancel');
    if (decision.kind === 'refused') return { kind: 'refused', order, reason: decision.reason };
    const outcome: CancellationOutcome =
      decision.kind === 'apply'
        ? { kind: 'cancelled', order: await this.transitions.move(tx, order, decision.to, decision.event, initiator) }
        : { kind: 'already', order };
    // Also when the fulfilment order already was CANCELLED: its sales order is cancelled if it was not yet.
    if (order.salesOrderId && (await this.salesOrders.cancel(tx, order.salesOrderId, reason))) {
      await this.events.append(tx, [
        {
          organizationId: order.organizationId,
          type: 'SalesOrderCancelled',
          aggregateType: 'SalesOrder',
          aggregateId: order.salesOrderId,
          initiator,
          payload: { fulfilmentOrderId: order.id, ...(reason !== null ? { reason } : {}) },
        },
      ]);
    }
    return outcome;
  }
}
