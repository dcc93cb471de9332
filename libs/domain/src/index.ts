// The domain, by bounded context: each context holds use-cases/, policies/, dto/, model/ and its Nest module(s).

// Auth: caller identity, bearer verification, API clients, signing keys
export * from './auth/auth.options';
export * from './auth/bearer-auth.module';
export * from './auth/bearer.options';
export * from './auth/dto/whoami.dto';
export * from './auth/model/access-token';
export * from './auth/model/caller-identity';
export * from './auth/policies/authenticated.decorator';
export * from './auth/policies/client-credentials';
export * from './auth/policies/key-encryption';
export * from './auth/use-cases/api-clients.service';
export * from './auth/use-cases/issuer-key-set';
export * from './auth/use-cases/key-set-source';
export * from './auth/use-cases/revocation-check';
export * from './auth/use-cases/signing-keys.service';
export * from './auth/use-cases/verified-token-cache';

// Organizations and access
export * from './organizations/organizations.module';
export * from './organizations/dto/organization.dto';
export * from './organizations/model/organization-record';
export * from './organizations/policies/organization-access.policy';
export * from './organizations/use-cases/organizations.service';

// Inventory: levels, ledger, public and internal reads, sync, rebuild, stock receipt, retail units
export * from './inventory/internal-inventory-read.module';
export * from './inventory/inventory-read.module';
export * from './inventory/inventory-sync.module';
export * from './inventory/inventory.module';
export * from './inventory/retail-units.module';
export * from './inventory/dto/inventory-entry.dto';
export * from './inventory/dto/inventory-level.dto';
export * from './inventory/dto/inventory-rebuild.dto';
export * from './inventory/dto/inventory-sync.dto';
export * from './inventory/dto/retail-unit-archival.dto';
export * from './inventory/model/inventory-ledger';
export * from './inventory/use-cases/internal-inventory-read.service';
export * from './inventory/use-cases/inventory-level-rebuilder';
export * from './inventory/use-cases/inventory-read.service';
export * from './inventory/use-cases/inventory-rebuild.service';
export * from './inventory/use-cases/inventory-sync.service';
export * from './inventory/use-cases/level-pages';
export * from './inventory/use-cases/retail-unit-archival.service';
export * from './inventory/use-cases/stock-receipt.service';

// Orders and fulfilment: sales orders, fulfilment orders, idempotency
export * from './orders/fulfilment.module';
export * from './orders/idempotency.module';
export * from './orders/orders.module';
export * from './orders/dto/back-order-view.dto';
export * from './orders/dto/create-sales-order.dto';
export * from './orders/dto/fulfilment-order-closure.dto';
export * from './orders/dto/fulfilment-order-status.dto';
export * from './orders/dto/sales-order-view.dto';
export * from './orders/model/sales-order.enums';
export * from './orders/model/sales-order.record';
export * from './orders/policies/fulfilment-order-state-machine';
export * from './orders/policies/idempotency-key';
export * from './orders/policies/idempotent.decorator';
export * from './orders/use-cases/back-order-view.service';
export * from './orders/use-cases/fulfilment-order-allocation.service';
export * from './orders/use-cases/fulfilment-order-closure.service';
export * from './orders/use-cases/fulfilment-order-shipping.service';
export * from './orders/use-cases/fulfilment-order-transitions';
export * from './orders/use-cases/idempotency-retention.job';
export * from './orders/use-cases/idempotency.service';
export * from './orders/use-cases/sales-order-read.service';
export * from './orders/use-cases/sales-order.service';

// Billing
export * from './billing/billing.module';
export * from './billing/dto/invoice.dto';
export * from './billing/use-cases/invoices.service';

// Release channels
export * from './release-channels/release-channels.module';
export * from './release-channels/dto/release-channel.dto';
export * from './release-channels/model/release-channel';
export * from './release-channels/use-cases/release-channels.service';

// Webhooks
export * from './webhooks/webhooks.module';
export * from './webhooks/dto/webhook-endpoint.dto';
export * from './webhooks/policies/webhook-target';
export * from './webhooks/use-cases/webhook-endpoints.service';
export * from './webhooks/model/webhook-options';
export * from './webhooks/model/retry-schedule';
export * from './webhooks/model/webhook-event-mapping';
export * from './webhooks/dto/webhook-delivery.dto';
export * from './webhooks/dto/webhook-payload.dto';
export * from './webhooks/policies/webhook-address.policy';
export * from './webhooks/use-cases/webhook-dispatcher';
export * from './webhooks/use-cases/webhook-delivery.job';
export * from './webhooks/use-cases/webhook-sender';
export * from './webhooks/use-cases/webhook-signature';

// Fixture import
export * from './fixture-import/fixtures.module';
export * from './fixture-import/policies/fixture-validator';
export * from './fixture-import/use-cases/fixture-import.service';
export * from './fixture-import/use-cases/fixture-reader';

// Shared: paging, cursor sealing
export * from './shared/use-cases/cursor-sealer';
