import { Module } from '@nestjs/common';
import { InternalInventoryReadService } from './use-cases/internal-inventory-read.service';
import { AccessRepository, InventoryLevelRepository, InventoryReadRepository, RetailUnitRepository } from '@gateway/persistence';

@Module({
  providers: [InternalInventoryReadService, AccessRepository, InventoryLevelRepository, InventoryReadRepository, RetailUnitRepository],
  exports: [InternalInventoryReadService],
})
export class InternalInventoryReadModule {}
