import { Module } from '@nestjs/common';
import { InventoryLedger } from './model/inventory-ledger';
import { InventoryLevelRebuilder } from './use-cases/inventory-level-rebuilder';
import { StockReceiptService } from './use-cases/stock-receipt.service';
import { InventoryRebuildService } from './use-cases/inventory-rebuild.service';

@Module({
  providers: [InventoryLedger, InventoryLevelRebuilder, StockReceiptService, InventoryRebuildService],
  exports: [InventoryLedger, InventoryLevelRebuilder, StockReceiptService, InventoryRebuildService],
})
export class InventoryModule {}
