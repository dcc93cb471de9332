import { Module } from '@nestjs/common';
import { DomainEventRepository, InventoryLevelRepository } from '@gateway/persistence';
import { InventoryLedger } from './inventory-ledger';

@Module({
  providers: [InventoryLedger, InventoryLevelRepository, DomainEventRepository],
  exports: [InventoryLedger],
})
export class InventoryModule {}
