// Applies a decision of the state machine to one locked order, in the caller's transaction: the new
// status, its domain event, and the inventory each line releases or takes (through the ledger).
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { DomainEventRepository, FulfilmentOrderRepository, FulfilmentOrderRow, Queryable } from '@gateway/persistence';
import { InventoryChange, InventoryLedger } from '../../inventory/use-cases/inventory-ledger';
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
    await this.events.append(tx, [
      {
        organizationId: order.organizationId,
        type: event,
        aggregateType: 'FulfilmentOrder',
        aggregateId: order.id,
        warehouseId: order.warehouseId,
        initiator,
        payload: { ...details, from, to, lines: order.lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })) },
      },
    ]);
    const changes: InventoryChange[] = [];
    for (const line of order.lines) {
      const effect = inventoryEffect(from, to, line.quantity);
      if (!effect) continue;
      changes.push({
        organizationId: order.organizationId,
        warehouseId: order.warehouseId,
        barcode: line.barcode,
        delta: effect.delta,
        type: effect.type,
        aggregateType: 'FulfilmentOrder',
        aggregateId: order.id,
        initiator,
        details: { from, to },
      });
    }
    await this.ledger.apply(tx, changes);
    return { ...order, status: to };
  }
}
