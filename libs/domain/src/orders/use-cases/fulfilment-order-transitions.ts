// Applies a decision of the state machine to one locked order, in the caller's transaction: the new
// status, its domain event, and the inventory each line releases or takes (through the ledger). Shipping
// writes its transitions in one statement of its own (FulfilmentOrderShipping).
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { DomainEventRepository, FulfilmentOrderRepository, FulfilmentOrderRow, Queryable } from '@gateway/persistence';
import { InventoryChange, InventoryLedger } from '../../inventory';
import { FulfilmentOrderStatus, inventoryEffect } from '../policies/fulfilment-order-state-machine';

@Injectable()
export class FulfilmentOrderTransitions {
  constructor(
    private readonly orders: FulfilmentOrderRepository,
    private readonly events: DomainEventRepository,
    private readonly ledger: InventoryLedger,
  ) {}

  /** The order of the organization, locked until the transaction ends; 404 when it is not one of its orders. */
  async lockInOrganization(tx: Queryable, organizationId: string, fulfilmentOrderId: string): Promise<FulfilmentOrderRow> {
    const order = await this.orders.find(tx, fulfilmentOrderId, { lock: true });
    // An order of another organization is as unknown as one that does not exist.
    if (!order || order.organizationId !== organizationId) throw new NotFoundProblem('The fulfilment order does not exist in this organization.');
    return order;
  }

  /** Moves the order to `to`; returns the order as it now is. */
  async move(
    tx: Queryable,
    order: FulfilmentOrderRow,
    to: FulfilmentOrderStatus,
    event: string,
    initiator: string,
    details: Record<string, unknown> = {},
  ): Promise<FulfilmentOrderRow> {
    const from = order.status;
    await this.orders.updateStatus(tx, order.id, to);
    await this.recordEvent(tx, order, event, initiator, {
      ...details,
      from,
      to,
      lines: order.lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })),
    });
    await this.moveStock(
      tx,
      order,
      initiator,
      { from, to },
      order.lines.map((line) => ({ barcode: line.barcode, effect: inventoryEffect(from, to, line.quantity) })),
    );
    return { ...order, status: to };
  }

  /** The order's domain event of a transition (the event log, and the webhooks fanned out from it). */
  private async recordEvent(tx: Queryable, order: FulfilmentOrderRow, type: string, initiator: string, payload: Record<string, unknown>): Promise<void> {
    await this.events.append(tx, [
      {
        organizationId: order.organizationId,
        type,
        aggregateType: 'FulfilmentOrder',
        aggregateId: order.id,
        warehouseId: order.warehouseId,
        initiator,
        payload,
      },
    ]);
  }

  private async moveStock(
    tx: Queryable,
    order: FulfilmentOrderRow,
    initiator: string,
    details: InventoryChange['details'],
    effects: { barcode: string; effect: ReturnType<typeof inventoryEffect> }[],
  ): Promise<void> {
    await this.ledger.apply(tx, transitionStockChanges(order, initiator, details, effects));
  }
}

/** The ledger's changes of a transition: one per barcode whose effect moves stock, with the transition's details. */
export function transitionStockChanges(
  order: { id: string; organizationId: string; warehouseId: string },
  initiator: string,
  details: InventoryChange['details'],
  effects: { barcode: string; effect: ReturnType<typeof inventoryEffect> }[],
): InventoryChange[] {
  return effects.flatMap(({ barcode, effect }) =>
    effect
      ? [
          {
            organizationId: order.organizationId,
            warehouseId: order.warehouseId,
            barcode,
            delta: effect.delta,
            type: effect.type,
            aggregateType: 'FulfilmentOrder',
            aggregateId: order.id,
            initiator,
            details,
          },
        ]
      : [],
  );
}
