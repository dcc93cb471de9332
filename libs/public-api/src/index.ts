// The operations only the public gateway serves (/v0), by bounded context. What both gateways use is in @gateway/domain.

// Billing: invoices of an organization
export * from './billing/billing.module';
export * from './billing/dto/invoice.dto';
export * from './billing/use-cases/invoices.service';

// Inventory, the catalogue: the retail units of an organization
export * from './inventory/catalogue.module';
export * from './inventory/dto/retail-unit-catalogue.dto';
export * from './inventory/use-cases/retail-unit-catalogue.service';

// Inventory: the public read of an organization's levels
export * from './inventory/inventory-read.module';
export * from './inventory/dto/inventory-entry.dto';
export * from './inventory/use-cases/inventory-read.service';

// Orders: sales orders, their reads and idempotency
export * from './orders/idempotency.module';
export * from './orders/orders.module';
export * from './orders/dto/create-sales-order.dto';
export * from './orders/dto/sales-order-changes.dto';
export * from './orders/dto/sales-order-view.dto';
export * from './orders/model/sales-order.enums';
export * from './orders/dto/sales-order-record.dto';
export * from './orders/policies/idempotency-key';
export * from './orders/policies/idempotent.decorator';
export * from './orders/policies/iso-date-time';
export * from './orders/use-cases/idempotency-retention.job';
export * from './orders/use-cases/idempotency.service';
export * from './orders/use-cases/sales-order-changes.service';
export * from './orders/use-cases/sales-order-read.service';
export * from './orders/use-cases/sales-order.service';

// Webhooks: endpoints, the events feed, dispatch and delivery
export * from './webhooks/webhooks.module';
export * from './webhooks/dto/webhook-delivery.dto';
export * from './webhooks/dto/webhook-endpoint.dto';
export * from './webhooks/model/webhook-event-types';
export * from './webhooks/dto/webhook-endpoint-operations.dto';
export * from './webhooks/dto/webhook-event-feed.dto';
export * from './webhooks/dto/webhook-payload.dto';
export * from './webhooks/model/retry-schedule';
export * from './webhooks/model/webhook-event-mapping';
export * from './webhooks/model/webhook-options';
export * from './webhooks/policies/address-classification';
export * from './webhooks/policies/failing-endpoint.policy';
export * from './webhooks/policies/webhook-address.policy';
export * from './webhooks/policies/webhook-endpoint-access.policy';
export * from './webhooks/infra/webhook-resolver';
export * from './webhooks/policies/webhook-target';
export * from './webhooks/use-cases/webhook-delivery-queue';
export * from './webhooks/use-cases/webhook-delivery-workers';
export * from './webhooks/use-cases/webhook-dispatcher';
export * from './webhooks/use-cases/webhook-endpoints.service';
export * from './webhooks/use-cases/webhook-events-feed.service';
export * from './webhooks/use-cases/webhook-recover.job';
export * from './webhooks/use-cases/webhook-redelivery.service';
export * from './webhooks/use-cases/webhook-retention.job';
export * from './webhooks/infra/webhook-sender';
export * from './webhooks/infra/webhook-signature';

// OpenAPI documentation of the operations
export * from './billing/dto/billing.openapi';
export * from './inventory/dto/inventory.openapi';
export * from './orders/dto/orders.openapi';
export * from './webhooks/dto/webhooks.openapi';
