// Receiving stock (dispatch-command RECEIVE_STOCK): onHand of a live retail unit at a warehouse goes up,
// with its event, in one transaction.
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { AccessRepository, Database, InventoryLevelRepository, InventoryReadRepository, RetailUnitRepository } from '@gateway/persistence';
import { InventoryLedger } from '@gateway/domain';
import { InventoryLevelDto, toInventoryLevel } from '../dto/inventory-level.dto';

export interface StockReceipt {
  organizationId: string;
  warehouseId: string;
  barcode: string;
  quantity: number;
  initiator: string;
}

@Injectable()
export class StockReceiptService {
  constructor(
    private readonly db: Database,
    private readonly ledger: InventoryLedger,
    private readonly levels: InventoryLevelRepository,
    private readonly retailUnits: RetailUnitRepository,
    private readonly warehouses: InventoryReadRepository,
    private readonly access: AccessRepository,
  ) {}

  /** The level after the receipt. */
  async receive(receipt: StockReceipt): Promise<InventoryLevelDto> {
    const { organizationId, warehouseId, barcode, quantity, initiator } = receipt;
    return this.db.transaction(async (tx) => {
      if (!(await this.access.organizationExists(tx, organizationId))) throw new NotFoundProblem('The organization does not exist.');
      const warehouse = await this.warehouses.warehouseFor(tx, organizationId, warehouseId);
      if (warehouse === 'missing') throw new NotFoundProblem('The warehouse does not exist.');
      // A sandbox's stock never reaches a real warehouse, nor another organization's a sandbox's (contract 6.10).
      if (warehouse === 'not-for-this-organization')
        throw new NotFoundProblem(
          'The warehouse is not one this organization may use: a sandbox keeps stock only at its own warehouse, and no other organization at a sandbox’s.',
        );
      // Key-share: an archival of the unit waits for this receipt, and a receipt after it sees it archived.
      const unit = await this.retailUnits.find(tx, organizationId, barcode, 'KEY SHARE');
      if (!unit) throw new NotFoundProblem('The barcode is not a retail unit of this organization.');
      if (unit.archived) throw new ConflictProblem('The retail unit is archived: stock cannot be received for it.', 'retail-unit-archived');
      await this.ledger.apply(tx, [
        {
          organizationId,
          warehouseId,
          barcode,
          delta: { onHand: quantity },
          type: 'StockReceived',
          aggregateType: 'InventoryLevel',
          aggregateId: `${warehouseId}/${barcode}`,
          initiator,
        },
      ]);
      const level = await this.levels.find(tx, { organizationId, warehouseId, barcode });
      return toInventoryLevel({ organizationId, warehouseId, barcode }, level ?? { onHand: 0, allocated: 0, pendingAllocation: 0 });
    });
  }
}
