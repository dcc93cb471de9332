import { DynamicModule, Module } from '@nestjs/common';
import { HealthController, MetricsModule, ProblemPagesController, readinessChecks } from '@gateway/platform';
import { DatabaseModule, DatabaseReadinessCheck, JobQueueModule, databaseOptions } from '@gateway/persistence';
import { BearerAuthModule, OrganizationsModule, bearerAuthOptions, IssuerKeySet, SigningKeyStoreSource, parseKeyEncryptionKey } from '@gateway/domain';
import {
  BillingModule,
  CatalogueModule,
  InboundModule,
  InventoryReadModule,
  IdempotencyRetentionModule,
  OrdersModule,
  PublicReturnsModule,
  SandboxModule,
  WebhooksModule,
  dnsResolver,
  parseDnsServers,
  webhookTargetPolicy,
  parseRetrySchedule,
} from '@gateway/public-api';
import { AuthorizationServerModule, PROTECTED_RESOURCE_METADATA_PATH } from '@gateway/auth-server';
import { PublicGatewayConfig, webhookDeniedPorts } from './public-gateway.config';
import { DiscoveryController } from './auth/discovery.controller';
import { TokenController } from './auth/token.controller';
import { WhoamiController } from './auth/whoami.controller';
import { SalesOrdersController } from './orders/sales-orders.controller';
import { ReturnsController } from './returns/returns.controller';
import { InboundShipmentsController } from './inbound/inbound-shipments.controller';
import { OrganizationsController } from './organizations/organizations.controller';
import { InvoicesController } from './billing/invoices.controller';
import { InventoryController } from './inventory/inventory.controller';
import { RetailUnitsController } from './inventory/retail-units.controller';
import { WebhookEndpointsController } from './webhooks/webhook-endpoints.controller';
import { WebhookEventsController } from './webhooks/webhook-events.controller';
import { SandboxSimulationsController } from './sandbox/sandbox-simulations.controller';

@Module({})
export class PublicGatewayModule {
  static forRoot(config: PublicGatewayConfig): DynamicModule {
    const authorizationServer = AuthorizationServerModule.forRoot({
      issuer: config.PUBLIC_BASE_URL,
      internalAudience: config.INTERNAL_AUDIENCE,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      keyEncryptionKey: parseKeyEncryptionKey(config.KEY_ENCRYPTION_KEY),
      readFirstFormat: config.KEY_ENCRYPTION_READ_V1,
      rateLimits: {
        tokensPerMinutePerClient: config.TOKEN_RATE_LIMIT_PER_MINUTE,
        failedAuthPerClient: config.FAILED_AUTH_LIMIT_PER_CLIENT,
        failedAuthPerAddress: config.FAILED_AUTH_LIMIT_PER_ADDRESS,
        failedAuthWindowSeconds: config.FAILED_AUTH_WINDOW_SECONDS,
      },
    });
    return {
      module: PublicGatewayModule,
      imports: [
        MetricsModule.forRoot({ port: config.METRICS_PORT, host: config.METRICS_HOST }),
        DatabaseModule.forRoot(databaseOptions(config, 'public-gateway')),
        authorizationServer,
        // Tokens are verified with the keys this gateway publishes, read from its own signing-key store.
        BearerAuthModule.forRoot(
          bearerAuthOptions(config, {
            audience: 'public',
            expectedAudience: config.PUBLIC_BASE_URL,
            keySetSource: SigningKeyStoreSource,
            imports: [authorizationServer],
            resourceMetadataUrl: `${config.PUBLIC_BASE_URL}${PROTECTED_RESOURCE_METADATA_PATH}`,
          }),
        ),
        OrdersModule,
        PublicReturnsModule,
        InboundModule,
        IdempotencyRetentionModule.forRoot(config.IDEMPOTENCY_RETENTION_DAYS),
        OrganizationsModule,
        BillingModule,
        InventoryReadModule,
        CatalogueModule,
        // Simulations, and auto-advance where workers run.
        SandboxModule.forRoot({ autoAdvanceSeconds: config.SANDBOX_AUTO_ADVANCE_SECONDS, workers: config.WEBHOOK_WORKERS }),
        // Recover jobs (webhook delivery itself claims from its own table, not from this queue).
        JobQueueModule.forRoot({ runWorkers: config.WEBHOOK_WORKERS, pollingIntervalSeconds: 1, stopTimeoutMs: config.SHUTDOWN_GRACE_MS }),
        WebhooksModule.forRoot({
          keyEncryptionKey: parseKeyEncryptionKey(config.KEY_ENCRYPTION_KEY),
          readFirstFormat: config.KEY_ENCRYPTION_READ_V1,
          targets: webhookTargetPolicy({
            allowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
            deniedPorts: webhookDeniedPorts(config),
            deniedNetworks: config.WEBHOOK_DENIED_NETWORKS,
            resolver: dnsResolver({ servers: parseDnsServers(config.WEBHOOK_DNS_SERVERS) }),
          }),
          retrySchedule: parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE),
          workers: config.WEBHOOK_WORKERS,
          maxConcurrency: config.WEBHOOK_MAX_CONCURRENCY,
          maxPerEndpoint: config.WEBHOOK_MAX_PER_ENDPOINT,
          maxPerOrganization: config.WEBHOOK_MAX_PER_ORGANIZATION,
          disableAfterFailingSeconds: config.WEBHOOK_DISABLE_AFTER_FAILING_SECONDS,
          dispatchIntervalMs: config.WEBHOOK_DISPATCH_INTERVAL_MS,
          maxEndpointsPerOrganization: config.WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION,
          deliveryRetentionDays: config.WEBHOOK_DELIVERY_RETENTION_DAYS,
          stopTimeoutMs: config.SHUTDOWN_GRACE_MS,
        }),
      ],
      controllers: [
        HealthController,
        ProblemPagesController,
        WhoamiController,
        OrganizationsController,
        InvoicesController,
        InventoryController,
        RetailUnitsController,
        SalesOrdersController,
        ReturnsController,
        InboundShipmentsController,
        SandboxSimulationsController,
        WebhookEndpointsController,
        WebhookEventsController,
        // Last, as the authorization server's routes always came after the API's in the served document.
        TokenController,
        DiscoveryController,
      ],
      providers: [readinessChecks(DatabaseReadinessCheck, IssuerKeySet)],
    };
  }
}
