import { Module } from '@nestjs/common';
import { InventoryLedger } from './use-cases/inventory-ledger';

/** The ledger, the one way inventory changes, for the use cases of either gateway that move stock. */
@Module({
  providers: [InventoryLedger],
  exports: [InventoryLedger],
})
export class InventoryModule {}
