import { Module } from '@nestjs/common';
import { DomainEventRepository, FulfilmentOrderRepository, IdempotencyRepository, SalesOrderRepository, ServerSecretRepository } from '@gateway/persistence';
import { CursorSealer } from '../paging/cursor-sealer';
import { SalesOrderReadService } from './sales-order-read.service';
import { InventoryModule } from '../inventory/inventory.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SalesOrderService } from './sales-order.service';
import { IdempotencyRetentionJob } from './idempotency-retention.job';

@Module({
  imports: [InventoryModule, OrganizationsModule],
  providers: [SalesOrderService, SalesOrderReadService, CursorSealer, ServerSecretRepository, SalesOrderRepository, FulfilmentOrderRepository, IdempotencyRepository, DomainEventRepository, IdempotencyRetentionJob],
  exports: [SalesOrderService, SalesOrderReadService],
})
export class OrdersModule {}
