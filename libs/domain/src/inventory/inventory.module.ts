import { Module } from '@nestjs/common';
import { InventoryLedger } from './inventory-ledger';
import { InventoryLevelRebuilder } from './inventory-level-rebuilder';
import { StockReceiptService } from './stock-receipt.service';
import { InventoryRebuildService } from './inventory-rebuild.service';

@Module({
  providers: [InventoryLedger, InventoryLevelRebuilder, StockReceiptService, InventoryRebuildService],
  exports: [InventoryLedger, InventoryLevelRebuilder, StockReceiptService, InventoryRebuildService],
})
export class InventoryModule {}
