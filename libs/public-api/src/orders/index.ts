// Orders: sales orders, their reads and idempotency
export * from './idempotency.module';
export * from './orders.module';
export * from './dto/create-sales-order.dto';
export * from './dto/sales-order-changes.dto';
export * from './dto/sales-order-view.dto';
export * from './model/sales-order.enums';
export * from './dto/sales-order-record.dto';
export * from './policies/idempotency-key';
export * from './policies/idempotent.decorator';
export * from './policies/iso-date-time';
export * from './use-cases/idempotency-retention.job';
export * from './use-cases/idempotency.service';
export * from './use-cases/sales-order-changes.service';
export * from './use-cases/sales-order-read.service';
export * from './use-cases/sales-order.service';
export * from './dto/orders.openapi';
