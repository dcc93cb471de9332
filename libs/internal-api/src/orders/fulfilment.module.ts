import { Module } from '@nestjs/common';
import { FulfilmentLifecycleModule, InventoryModule } from '@gateway/domain';
import { BackOrderViewService } from './use-cases/back-order-view.service';
import { FulfilmentOrderClosureService } from './use-cases/fulfilment-order-closure.service';
import { DomainEventRepository, FulfilmentOrderRepository, InventoryLevelRepository, ShipmentRepository } from '@gateway/persistence';

/** The staff's fulfilment operations; allocation, shipping and shipment tracking come with the shared FulfilmentLifecycleModule it exports. */
@Module({
  imports: [InventoryModule, FulfilmentLifecycleModule],
  providers: [
    FulfilmentOrderClosureService,
    BackOrderViewService,
    DomainEventRepository,
    FulfilmentOrderRepository,
    InventoryLevelRepository,
    ShipmentRepository,
  ],
  exports: [FulfilmentLifecycleModule, FulfilmentOrderClosureService, BackOrderViewService],
})
export class FulfilmentModule {}
