import { Module } from '@nestjs/common';
import { DomainEventRepository, FulfilmentOrderRepository, IdempotencyRepository, SalesOrderRepository } from '@gateway/persistence';
import { InventoryModule } from '../inventory/inventory.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SalesOrderService } from './sales-order.service';
import { IdempotencyRetentionJob } from './idempotency-retention.job';

@Module({
  imports: [InventoryModule, OrganizationsModule],
  providers: [SalesOrderService, SalesOrderRepository, FulfilmentOrderRepository, IdempotencyRepository, DomainEventRepository, IdempotencyRetentionJob],
  exports: [SalesOrderService],
})
export class OrdersModule {}
