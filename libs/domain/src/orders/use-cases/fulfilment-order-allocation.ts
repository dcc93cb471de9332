// Allocating a fulfilment order, for every door that allocates (the staff's ALLOCATE_FULFILMENT_ORDER, the
// sandbox's ALLOCATE simulation and its auto-advance): when every line is fulfillable at the order's
// warehouse (onHand - allocated covers it), the order becomes ALLOCATED and its quantities move from
// pendingAllocation to allocated; otherwise an OPEN order becomes BACK_ORDERED and keeps them pending. A
// BACK_ORDERED order that is still short stays as it is (nothing changes, no event). In the caller's
// transaction; a state that does not allocate is a 409.
import { Injectable } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import { FulfilmentOrderRow, InventoryLevelRepository, Queryable, inventoryLevelKey } from '@gateway/persistence';
import { decideTransition } from '../policies/fulfilment-order-state-machine';
import { FulfilmentOrderStatusDto } from '../dto/fulfilment-order-status.dto';
import { FulfilmentOrderTransitions } from './fulfilment-order-transitions';

export interface AllocationShortfall {
  barcode: string;
  quantity: number;
  fulfillable: number;
  shortfall: number;
}

@Injectable()
export class FulfilmentOrderAllocation {
  constructor(
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly levels: InventoryLevelRepository,
  ) {}

  async allocate(tx: Queryable, organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<FulfilmentOrderStatusDto> {
    const order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    const allocate = decideTransition(order.status, 'allocate');
    if (allocate.kind !== 'apply')
      throw new ConflictProblem(allocate.kind === 'refused' ? allocate.reason : `The fulfilment order is already ${order.status}.`, 'fulfilment-order-state');

    const shortfalls = await this.shortfalls(tx, order);
    if (shortfalls.length === 0) {
      const moved = await this.transitions.move(tx, order, allocate.to, allocate.event, initiator);
      return { fulfilmentOrderId, status: moved.status };
    }
    const backOrder = decideTransition(order.status, 'backOrder');
    if (backOrder.kind !== 'apply') return { fulfilmentOrderId, status: order.status };
    const moved = await this.transitions.move(tx, order, backOrder.to, backOrder.event, initiator, { shortfalls });
    return { fulfilmentOrderId, status: moved.status };
  }

  /**
   * What each barcode of the order lacks at its warehouse to be allocated now; the levels stay locked until
   * the transaction ends, so no other allocation can take the same stock meanwhile.
   */
  async shortfalls(tx: Queryable, order: FulfilmentOrderRow): Promise<AllocationShortfall[]> {
    const { organizationId, warehouseId } = order;
    const needed = new Map<string, number>();
    for (const line of order.lines) needed.set(line.barcode, (needed.get(line.barcode) ?? 0) + line.quantity);
    const levels = await this.levels.readLocked(
      tx,
      [...needed.keys()].map((barcode) => ({ organizationId, warehouseId, barcode })),
    );
    return [...needed].flatMap(([barcode, quantity]) => {
      const level = levels.get(inventoryLevelKey({ organizationId, warehouseId, barcode }));
      const fulfillable = level ? level.onHand - level.allocated : 0;
      return quantity > fulfillable ? [{ barcode, quantity, fulfillable, shortfall: quantity - Math.max(0, fulfillable) }] : [];
    });
  }
}
