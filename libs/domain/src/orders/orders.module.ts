import { Module } from '@nestjs/common';
import { CursorSealer } from '../paging/cursor-sealer';
import { SalesOrderReadService } from './sales-order-read.service';
import { InventoryModule } from '../inventory/inventory.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SalesOrderService } from './sales-order.service';
import { IdempotencyModule } from './idempotency/idempotency.module';

@Module({
  imports: [InventoryModule, OrganizationsModule, IdempotencyModule],
  providers: [SalesOrderService, SalesOrderReadService, CursorSealer],
  exports: [SalesOrderService, SalesOrderReadService],
})
export class OrdersModule {}
