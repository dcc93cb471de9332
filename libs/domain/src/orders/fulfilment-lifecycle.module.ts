import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { FulfilmentOrderAllocation } from './use-cases/fulfilment-order-allocation';
import { FulfilmentOrderCancellation } from './use-cases/fulfilment-order-cancellation';
import { FulfilmentOrderShipping } from './use-cases/fulfilment-order-shipping';
import { FulfilmentOrderTransitions } from './use-cases/fulfilment-order-transitions';
import { ShipmentTracking } from './use-cases/shipment-tracking';
import {
  DomainEventRepository,
  FulfilmentOrderRepository,
  FulfilmentOrderShippingRepository,
  InventoryLevelRepository,
  SalesOrderRepository,
  ShipmentRepository,
} from '@gateway/persistence';

/**
 * The fulfilment order's steps, for every door that takes them (the staff's commands, the shop's cancel, the
 * sandbox's simulations and auto-advance): its transitions, allocation, shipping, shipment tracking and
 * cancellation, each in the caller's transaction (shipping: or as one statement of its own on the pool).
 */
@Module({
  imports: [InventoryModule],
  providers: [
    FulfilmentOrderTransitions,
    FulfilmentOrderAllocation,
    FulfilmentOrderShipping,
    ShipmentTracking,
    FulfilmentOrderCancellation,
    DomainEventRepository,
    FulfilmentOrderRepository,
    FulfilmentOrderShippingRepository,
    InventoryLevelRepository,
    SalesOrderRepository,
    ShipmentRepository,
  ],
  exports: [FulfilmentOrderTransitions, FulfilmentOrderAllocation, FulfilmentOrderShipping, ShipmentTracking, FulfilmentOrderCancellation],
})
export class FulfilmentLifecycleModule {}
