import { Module } from '@nestjs/common';
import { CursorSealer, InventoryModule, OrganizationsModule } from '@gateway/domain';
import { SalesOrderReadService } from './use-cases/sales-order-read.service';
import { SalesOrderService } from './use-cases/sales-order.service';
import { IdempotencyModule } from './idempotency.module';

@Module({
  imports: [InventoryModule, OrganizationsModule, IdempotencyModule],
  providers: [SalesOrderService, SalesOrderReadService, CursorSealer],
  exports: [SalesOrderService, SalesOrderReadService],
})
export class OrdersModule {}
