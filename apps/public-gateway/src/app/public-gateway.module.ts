import { DynamicModule, Module } from '@nestjs/common';
import { HealthController, MetricsModule } from '@gateway/platform';
import { DatabaseModule } from '@gateway/persistence';
import {
  AuthorizationServerModule,
  BearerAuthModule,
  BillingModule,
  InventoryReadModule,
  OrganizationsModule,
  IDEMPOTENCY_RETENTION_DAYS,
  OrdersModule,
  PROTECTED_RESOURCE_METADATA_PATH,
  WebhooksModule,
  parseAllowedHosts,
  parseKeyEncryptionKey,
} from '@gateway/domain';
import { PublicGatewayConfig } from './public-gateway.config';
import { WhoamiController } from './auth/whoami.controller';
import { SalesOrdersController } from './orders/sales-orders.controller';
import { OrganizationsController } from './organizations/organizations.controller';
import { InvoicesController } from './billing/invoices.controller';
import { InventoryController } from './inventory/inventory.controller';
import { WebhookEndpointsController } from './webhooks/webhook-endpoints.controller';

@Module({})
export class PublicGatewayModule {
  static forRoot(config: PublicGatewayConfig): DynamicModule {
    return {
      module: PublicGatewayModule,
      imports: [
        MetricsModule.forRoot({ port: config.METRICS_PORT, host: config.METRICS_HOST }),
        DatabaseModule.forRoot({
          url: config.DATABASE_URL,
          poolMax: config.DATABASE_POOL_MAX,
          connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          applicationName: 'public-gateway',
        }),
        AuthorizationServerModule.forRoot({
          issuer: config.PUBLIC_BASE_URL,
          internalAudience: config.INTERNAL_AUDIENCE,
          accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
          keyEncryptionKey: parseKeyEncryptionKey(config.KEY_ENCRYPTION_KEY),
          rateLimits: {
            tokensPerMinutePerClient: config.TOKEN_RATE_LIMIT_PER_MINUTE,
            failedAuthPerClient: config.FAILED_AUTH_LIMIT_PER_CLIENT,
            failedAuthPerAddress: config.FAILED_AUTH_LIMIT_PER_ADDRESS,
            failedAuthWindowSeconds: config.FAILED_AUTH_WINDOW_SECONDS,
          },
        }),
        BearerAuthModule.forRoot({
          audience: 'public',
          expectedAudience: config.PUBLIC_BASE_URL,
          issuer: config.PUBLIC_BASE_URL,
          resourceMetadataUrl: `${config.PUBLIC_BASE_URL}${PROTECTED_RESOURCE_METADATA_PATH}`,
        }),
        OrdersModule,
        OrganizationsModule,
        BillingModule,
        InventoryReadModule,
        WebhooksModule.forRoot({ keyEncryptionKey: parseKeyEncryptionKey(config.KEY_ENCRYPTION_KEY), allowedHosts: parseAllowedHosts(config.WEBHOOK_ALLOWED_HOSTS) }),
      ],
      controllers: [HealthController, WhoamiController, OrganizationsController, InvoicesController, InventoryController, SalesOrdersController, WebhookEndpointsController],
      providers: [{ provide: IDEMPOTENCY_RETENTION_DAYS, useValue: config.IDEMPOTENCY_RETENTION_DAYS }],
    };
  }
}
