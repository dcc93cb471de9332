import { Module } from '@nestjs/common';
import { AccessRepository, DomainEventRepository, FulfilmentOrderRepository, InventoryLevelRepository, RetailUnitRepository } from '@gateway/persistence';
import { RetailUnitArchivalService } from './use-cases/retail-unit-archival.service';

@Module({
  providers: [RetailUnitArchivalService, RetailUnitRepository, InventoryLevelRepository, FulfilmentOrderRepository, DomainEventRepository, AccessRepository],
  exports: [RetailUnitArchivalService],
})
export class RetailUnitsModule {}
