import { Module } from '@nestjs/common';
import { DomainEventRepository, FulfilmentOrderRepository, IdempotencyRepository, SalesOrderRepository, ServerSecretRepository } from '@gateway/persistence';
import { CursorSealer } from '../shared/use-cases/cursor-sealer';
import { SalesOrderReadService } from './use-cases/sales-order-read.service';
import { InventoryModule } from '../inventory/inventory.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SalesOrderService } from './use-cases/sales-order.service';
import { IdempotencyRetentionJob } from './use-cases/idempotency-retention.job';

@Module({
  imports: [InventoryModule, OrganizationsModule],
  providers: [SalesOrderService, SalesOrderReadService, CursorSealer, ServerSecretRepository, SalesOrderRepository, FulfilmentOrderRepository, IdempotencyRepository, DomainEventRepository, IdempotencyRetentionJob],
  exports: [SalesOrderService, SalesOrderReadService],
})
export class OrdersModule {}
