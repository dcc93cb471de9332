import { Module } from '@nestjs/common';
import { CursorSealer, FulfilmentLifecycleModule, InventoryModule, OrganizationsModule } from '@gateway/domain';
import { SalesOrderChangesService } from './use-cases/sales-order-changes.service';
import { SalesOrderReadService } from './use-cases/sales-order-read.service';
import { SalesOrderService } from './use-cases/sales-order.service';
import { IdempotencyModule } from './idempotency.module';
import { DomainEventRepository, FulfilmentOrderRepository, SalesOrderRepository, ServerSecretRepository } from '@gateway/persistence';
import { SalesOrderCancellationRepository, SalesOrderCreationRepository } from '@gateway/persistence-public';

@Module({
  imports: [InventoryModule, FulfilmentLifecycleModule, OrganizationsModule, IdempotencyModule],
  providers: [
    SalesOrderService,
    SalesOrderReadService,
    SalesOrderChangesService,
    CursorSealer,
    DomainEventRepository,
    FulfilmentOrderRepository,
    SalesOrderRepository,
    SalesOrderCreationRepository,
    SalesOrderCancellationRepository,
    ServerSecretRepository,
  ],
  exports: [SalesOrderService, SalesOrderReadService, SalesOrderChangesService],
})
export class OrdersModule {}
