import { Module } from '@nestjs/common';
import { FulfilmentLifecycleModule, InventoryModule } from '@gateway/domain';
import { BackOrderViewService } from './use-cases/back-order-view.service';
import { FulfilmentOrderAllocationService } from './use-cases/fulfilment-order-allocation.service';
import { FulfilmentOrderClosureService } from './use-cases/fulfilment-order-closure.service';
import { FulfilmentOrderShippingService } from './use-cases/fulfilment-order-shipping.service';
import { ShipmentTrackingService } from './use-cases/shipment-tracking.service';
import { DomainEventRepository, FulfilmentOrderRepository, InventoryLevelRepository, ShipmentRepository } from '@gateway/persistence';

@Module({
  imports: [InventoryModule, FulfilmentLifecycleModule],
  providers: [
    FulfilmentOrderClosureService,
    FulfilmentOrderAllocationService,
    FulfilmentOrderShippingService,
    ShipmentTrackingService,
    BackOrderViewService,
    DomainEventRepository,
    FulfilmentOrderRepository,
    InventoryLevelRepository,
    ShipmentRepository,
  ],
  exports: [FulfilmentOrderClosureService, FulfilmentOrderAllocationService, FulfilmentOrderShippingService, ShipmentTrackingService, BackOrderViewService],
})
export class FulfilmentModule {}
