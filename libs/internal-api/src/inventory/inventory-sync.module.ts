import { Module } from '@nestjs/common';
import { InventorySyncService } from './use-cases/inventory-sync.service';

@Module({
  providers: [InventorySyncService],
  exports: [InventorySyncService],
})
export class InventorySyncModule {}
