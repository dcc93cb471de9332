// Adjusting stock on hand (a count corrected, goods found or written off), for every door that adjusts (the
// sandbox's ADJUST_STOCK simulation, and its auto-advance topping up an order that is short): onHand of a
// live retail unit at a warehouse moves by `quantity`, up or down, through the ledger (a StockAdjusted event,
// so levels stay a projection of the log), in the caller's transaction. Below what is allocated there is
// nothing to take: a 409, nothing changed.
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { InventoryLevelKey, InventoryLevelRepository, InventoryQuantities, Queryable, RetailUnitRepository, inventoryLevelKey } from '@gateway/persistence';
import { InventoryLedger } from './inventory-ledger';

export const STOCK_ADJUSTED_EVENT = 'StockAdjusted';

export interface StockAdjustmentRequest extends InventoryLevelKey {
  /** Items added (positive) or taken away (negative); never 0. */
  quantity: number;
  initiator: string;
  /** Why, kept in the event's payload (e.g. the sandbox's top-up of an order). */
  details?: Record<string, unknown>;
}

@Injectable()
export class StockAdjustment {
  constructor(
    private readonly ledger: InventoryLedger,
    private readonly levels: InventoryLevelRepository,
    private readonly retailUnits: RetailUnitRepository,
  ) {}

  /** The level after the adjustment. */
  async adjust(tx: Queryable, request: StockAdjustmentRequest): Promise<InventoryQuantities> {
    const { organizationId, warehouseId, barcode, quantity, initiator } = request;
    const key = { organizationId, warehouseId, barcode };
    // Key-share: an archival of the unit waits for this adjustment, and an adjustment after it sees it archived.
    const unit = await this.retailUnits.find(tx, organizationId, barcode, 'KEY SHARE');
    if (!unit) throw new NotFoundProblem('The barcode is not a retail unit of this organization.');
    if (unit.archived) throw new ConflictProblem('The retail unit is archived: its stock cannot be adjusted.', 'retail-unit-archived');
    const before = (await this.levels.readLocked(tx, [key])).get(inventoryLevelKey(key)) ?? { onHand: 0, allocated: 0, pendingAllocation: 0 };
    if (before.onHand + quantity < before.allocated)
      throw new ConflictProblem(
        `onHand of ${barcode} at ${warehouseId} is ${before.onHand}, of which ${before.allocated} allocated: it cannot go down by ${-quantity}.`,
        'inventory-conflict',
      );
    await this.ledger.apply(tx, [
      {
        ...key,
        delta: { onHand: quantity },
        type: STOCK_ADJUSTED_EVENT,
        aggregateType: 'InventoryLevel',
        aggregateId: `${warehouseId}/${barcode}`,
        initiator,
        details: request.details,
      },
    ]);
    return { ...before, onHand: before.onHand + quantity };
  }
}
