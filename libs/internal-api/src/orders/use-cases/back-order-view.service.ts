// The back-order view of a fulfilment order: a safe read (RFC 9110), nothing is locked or changed.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { Database, FulfilmentOrderRepository, InventoryLevelRepository } from '@gateway/persistence';
import { BackOrderViewDto } from '../dto/back-order-view.dto';

const WAITING_FOR_ALLOCATION = new Set(['OPEN', 'BACK_ORDERED']);

@Injectable()
export class BackOrderViewService {
  constructor(
    private readonly db: Database,
    private readonly orders: FulfilmentOrderRepository,
    private readonly levels: InventoryLevelRepository,
  ) {}

  async view(fulfilmentOrderId: string): Promise<BackOrderViewDto> {
    // One snapshot, so that the order and the levels agree with each other.
    return this.db.transaction(async (q) => {
      const order = await this.orders.find(q, fulfilmentOrderId);
      if (!order) throw new NotFoundProblem('The fulfilment order does not exist.');
      const fulfillable = new Map<string, number>();
      for (const barcode of new Set(order.lines.map((l) => l.barcode))) {
        const level = await this.levels.find(q, { organizationId: order.organizationId, warehouseId: order.warehouseId, barcode });
        fulfillable.set(barcode, level ? level.onHand - level.allocated : 0);
      }
      const waiting = WAITING_FOR_ALLOCATION.has(order.status);
      const remaining = new Map([...fulfillable].map(([barcode, n]) => [barcode, Math.max(0, n)]));
      const lines = order.lines.map((line) => {
        const available = remaining.get(line.barcode) ?? 0;
        const covered = Math.min(available, line.quantity);
        remaining.set(line.barcode, available - covered);
        return {
          barcode: line.barcode,
          quantity: line.quantity,
          fulfillable: fulfillable.get(line.barcode) ?? 0,
          shortfall: waiting ? line.quantity - covered : 0,
        };
      });
      return {
        fulfilmentOrderId,
        organizationId: order.organizationId,
        warehouseId: order.warehouseId,
        status: order.status,
        backOrdered: order.status === 'BACK_ORDERED',
        lines,
      };
    }, 'REPEATABLE READ');
  }
}
