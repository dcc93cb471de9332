import { DynamicModule, Module } from '@nestjs/common';
import { HealthController } from '@gateway/platform';
import { DatabaseModule } from '@gateway/persistence';
import { BearerAuthModule, EventLogModule, InventorySyncModule, OrganizationsModule, ReleaseChannelsModule } from '@gateway/domain';
import { OrganizationsController } from './organizations/organizations.controller';
import { ReleaseChannelsController } from './release-channels/release-channels.controller';
import { InventorySyncController } from './inventory-sync/inventory-sync.controller';
import { EventsController } from './tools/events.controller';
import { InternalGatewayConfig } from './internal-gateway.config';

@Module({})
export class InternalGatewayModule {
  static forRoot(config: InternalGatewayConfig): DynamicModule {
    return {
      module: InternalGatewayModule,
      imports: [
        DatabaseModule.forRoot({
          url: config.DATABASE_URL,
          poolMax: config.DATABASE_POOL_MAX,
          connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          applicationName: 'internal-gateway',
        }),
        BearerAuthModule.forRoot({ audience: 'internal', expectedAudience: config.INTERNAL_AUDIENCE, issuer: config.PUBLIC_BASE_URL }),
        OrganizationsModule,
        ReleaseChannelsModule,
        InventorySyncModule,
        EventLogModule,
      ],
      controllers: [HealthController, OrganizationsController, ReleaseChannelsController, InventorySyncController, EventsController],
    };
  }
}
