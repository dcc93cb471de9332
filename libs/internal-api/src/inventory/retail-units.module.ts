import { Module } from '@nestjs/common';
import { RetailUnitArchivalService } from './use-cases/retail-unit-archival.service';
import {
  AccessRepository,
  DomainEventRepository,
  FulfilmentOrderRepository,
  InboundShipmentRepository,
  InventoryLevelRepository,
  RetailUnitRepository,
  ReturnRepository,
} from '@gateway/persistence';

@Module({
  providers: [
    RetailUnitArchivalService,
    AccessRepository,
    DomainEventRepository,
    FulfilmentOrderRepository,
    InventoryLevelRepository,
    RetailUnitRepository,
    ReturnRepository,
    InboundShipmentRepository,
  ],
  exports: [RetailUnitArchivalService],
})
export class RetailUnitsModule {}
