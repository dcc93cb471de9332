import { Module } from '@nestjs/common';
import { InventoryLedger } from './use-cases/inventory-ledger';
import { StockAdjustment } from './use-cases/stock-adjustment';
import { DomainEventRepository, InventoryLevelRepository, RetailUnitRepository } from '@gateway/persistence';

/** The ledger, the one way inventory changes, for the use cases of either gateway that move stock, and the stock adjustment over it. */
@Module({
  providers: [InventoryLedger, StockAdjustment, DomainEventRepository, InventoryLevelRepository, RetailUnitRepository],
  exports: [InventoryLedger, StockAdjustment],
})
export class InventoryModule {}
