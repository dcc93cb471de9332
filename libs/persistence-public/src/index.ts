// The public gateway's data access: the repositories and database services only it uses (idempotency,
// invoices, the token endpoint's requests and token-state feed, webhook deliveries, events and recovery, sandboxes).
// The core (@gateway/persistence) holds the database, migrations, job queue and the repositories both use.
export * from './repositories/idempotency.repository';
export * from './repositories/invoice.repository';
export * from './repositories/sales-order-cancellation.repository';
export * from './repositories/sales-order-creation.repository';
export * from './repositories/token-request.repository';
export * from './repositories/webhook-delivery.repository';
export * from './repositories/webhook-event.repository';
export * from './repositories/webhook-recovery.repository';
export * from './repositories/sandbox.repository';
export * from './feeds/token-state-feed';
export * from './webhook-delivery-database';
export * from './webhook-delivery-database.module';
