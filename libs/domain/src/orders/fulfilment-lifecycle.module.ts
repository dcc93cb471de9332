import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { FulfilmentOrderCancellation } from './use-cases/fulfilment-order-cancellation';
import { FulfilmentOrderTransitions } from './use-cases/fulfilment-order-transitions';
import { DomainEventRepository, FulfilmentOrderRepository, SalesOrderRepository } from '@gateway/persistence';

/** The fulfilment order's transitions and its cancellation, for the use cases of either gateway that move an order. */
@Module({
  imports: [InventoryModule],
  providers: [FulfilmentOrderTransitions, FulfilmentOrderCancellation, DomainEventRepository, FulfilmentOrderRepository, SalesOrderRepository],
  exports: [FulfilmentOrderTransitions, FulfilmentOrderCancellation],
})
export class FulfilmentLifecycleModule {}
