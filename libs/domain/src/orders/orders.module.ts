import { Module } from '@nestjs/common';
import { CursorSealer } from '../shared/use-cases/cursor-sealer';
import { SalesOrderReadService } from './use-cases/sales-order-read.service';
import { InventoryModule } from '../inventory/inventory.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SalesOrderService } from './use-cases/sales-order.service';
import { IdempotencyModule } from './idempotency.module';

@Module({
  imports: [InventoryModule, OrganizationsModule, IdempotencyModule],
  providers: [SalesOrderService, SalesOrderReadService, CursorSealer],
  exports: [SalesOrderService, SalesOrderReadService],
})
export class OrdersModule {}
