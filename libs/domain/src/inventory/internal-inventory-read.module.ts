import { Module } from '@nestjs/common';
import { AccessRepository, InventoryLevelRepository, InventoryReadRepository, RetailUnitRepository } from '@gateway/persistence';
import { InternalInventoryReadService } from './use-cases/internal-inventory-read.service';

@Module({
  providers: [InternalInventoryReadService, InventoryReadRepository, InventoryLevelRepository, RetailUnitRepository, AccessRepository],
  exports: [InternalInventoryReadService],
})
export class InternalInventoryReadModule {}
