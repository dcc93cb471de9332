import { Module } from '@nestjs/common';
import { InventoryLedger } from './use-cases/inventory-ledger';
import { DomainEventRepository, InventoryLevelRepository } from '@gateway/persistence';

/** The ledger, the one way inventory changes, for the use cases of either gateway that move stock. */
@Module({
  providers: [InventoryLedger, DomainEventRepository, InventoryLevelRepository],
  exports: [InventoryLedger],
})
export class InventoryModule {}
