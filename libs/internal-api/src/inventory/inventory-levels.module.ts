import { Module } from '@nestjs/common';
import { InventoryModule } from '@gateway/domain';
import { InventoryLevelRebuilder } from './use-cases/inventory-level-rebuilder';
import { StockReceiptService } from './use-cases/stock-receipt.service';
import { InventoryRebuildService } from './use-cases/inventory-rebuild.service';
import { AccessRepository, InventoryLevelRepository, InventoryReadRepository, RetailUnitRepository } from '@gateway/persistence';

/** The staff's inventory operations over the ledger: stock receipt, and rebuilding levels from the event log. */
@Module({
  imports: [InventoryModule],
  providers: [
    InventoryLevelRebuilder,
    StockReceiptService,
    InventoryRebuildService,
    AccessRepository,
    InventoryLevelRepository,
    InventoryReadRepository,
    RetailUnitRepository,
  ],
  exports: [InventoryModule, InventoryLevelRebuilder, StockReceiptService, InventoryRebuildService],
})
export class InventoryLevelsModule {}
