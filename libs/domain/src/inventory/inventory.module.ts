import { Module } from '@nestjs/common';
import { AccessRepository, DomainEventRepository, InventoryLevelRepository, InventoryReadRepository, RetailUnitRepository } from '@gateway/persistence';
import { InventoryLedger } from './model/inventory-ledger';
import { InventoryLevelRebuilder } from './use-cases/inventory-level-rebuilder';
import { StockReceiptService } from './use-cases/stock-receipt.service';
import { InventoryRebuildService } from './use-cases/inventory-rebuild.service';

@Module({
  providers: [InventoryLedger, InventoryLevelRebuilder, StockReceiptService, InventoryRebuildService, InventoryLevelRepository, InventoryReadRepository, RetailUnitRepository, AccessRepository, DomainEventRepository],
  exports: [InventoryLedger, InventoryLevelRebuilder, StockReceiptService, InventoryRebuildService],
})
export class InventoryModule {}
