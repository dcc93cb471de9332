// Allocating a fulfilment order (dispatch-command ALLOCATE_FULFILMENT_ORDER): when every line is fulfillable
// at the order's warehouse (onHand - allocated covers it), the order becomes ALLOCATED and its quantities
// move from pendingAllocation to allocated; otherwise an OPEN order becomes BACK_ORDERED and keeps them
// pending. A BACK_ORDERED order that is still short stays as it is (nothing changes, no event).
import { Injectable } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import { Database, InventoryLevelRepository, inventoryLevelKey } from '@gateway/persistence';
import { FulfilmentOrderTransitions, decideTransition } from '@gateway/domain';
import { FulfilmentOrderStatusDto } from '../dto/fulfilment-order-status.dto';

@Injectable()
export class FulfilmentOrderAllocationService {
  constructor(
    private readonly db: Database,
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly levels: InventoryLevelRepository,
  ) {}

  async allocate(organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<FulfilmentOrderStatusDto> {
    return this.db.transaction(async (tx) => {
      const order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
      const allocate = decideTransition(order.status, 'allocate');
      if (allocate.kind !== 'apply')
        throw new ConflictProblem(allocate.kind === 'refused' ? allocate.reason : `The fulfilment order is already ${order.status}.`, 'fulfilment-order-state');

      const needed = new Map<string, number>();
      for (const line of order.lines) needed.set(line.barcode, (needed.get(line.barcode) ?? 0) + line.quantity);
      // Locked until the transaction ends: no other allocation can take the same stock meanwhile.
      const levels = await this.levels.readLocked(
        tx,
        [...needed.keys()].map((barcode) => ({ organizationId, warehouseId: order.warehouseId, barcode })),
      );
      const shortfalls = [...needed].flatMap(([barcode, quantity]) => {
        const level = levels.get(inventoryLevelKey({ organizationId, warehouseId: order.warehouseId, barcode }));
        const fulfillable = level ? level.onHand - level.allocated : 0;
        return quantity > fulfillable ? [{ barcode, quantity, fulfillable, shortfall: quantity - Math.max(0, fulfillable) }] : [];
      });

      if (shortfalls.length === 0) {
        const moved = await this.transitions.move(tx, order, allocate.to, allocate.event, initiator);
        return { fulfilmentOrderId, status: moved.status };
      }
      const backOrder = decideTransition(order.status, 'backOrder');
      if (backOrder.kind !== 'apply') return { fulfilmentOrderId, status: order.status };
      const moved = await this.transitions.move(tx, order, backOrder.to, backOrder.event, initiator, { shortfalls });
      return { fulfilmentOrderId, status: moved.status };
    });
  }
}
