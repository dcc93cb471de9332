import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module';
import { BackOrderViewService } from './back-order-view.service';
import { FulfilmentOrderAllocationService } from './fulfilment-order-allocation.service';
import { FulfilmentOrderClosureService } from './fulfilment-order-closure.service';
import { FulfilmentOrderShippingService } from './fulfilment-order-shipping.service';
import { FulfilmentOrderTransitions } from './fulfilment-order-transitions';

@Module({
  imports: [InventoryModule],
  providers: [
    FulfilmentOrderTransitions,
    FulfilmentOrderClosureService,
    FulfilmentOrderAllocationService,
    FulfilmentOrderShippingService,
    BackOrderViewService,
  ],
  exports: [FulfilmentOrderClosureService, FulfilmentOrderAllocationService, FulfilmentOrderShippingService, BackOrderViewService],
})
export class FulfilmentModule {}
