import { DynamicModule, Module } from '@nestjs/common';
import { HealthController, MetricsModule } from '@gateway/platform';
import { DatabaseModule } from '@gateway/persistence';
import { BearerAuthModule, OrganizationsModule } from '@gateway/domain';
import { OrganizationsController } from './organizations/organizations.controller';
import { InternalGatewayConfig } from './internal-gateway.config';

@Module({})
export class InternalGatewayModule {
  static forRoot(config: InternalGatewayConfig): DynamicModule {
    return {
      module: InternalGatewayModule,
      imports: [
        MetricsModule.forRoot({ port: config.METRICS_PORT, host: config.METRICS_HOST }),
        DatabaseModule.forRoot({
          url: config.DATABASE_URL,
          poolMax: config.DATABASE_POOL_MAX,
          connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          applicationName: 'internal-gateway',
        }),
        BearerAuthModule.forRoot({ audience: 'internal', expectedAudience: config.INTERNAL_AUDIENCE, issuer: config.PUBLIC_BASE_URL }),
        OrganizationsModule,
      ],
      controllers: [HealthController, OrganizationsController],
    };
  }
}
