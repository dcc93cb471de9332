import { DynamicModule, Module } from '@nestjs/common';
import { HealthController, MetricsModule, ProblemPagesController, readinessChecks } from '@gateway/platform';
import { DatabaseModule, DatabaseReadinessCheck, JobQueueModule, databaseOptions } from '@gateway/persistence';
import { BearerAuthModule, IssuerKeySet, OrganizationsModule, SigningKeyStoreSource, bearerAuthOptions } from '@gateway/domain';
import {
  FulfilmentModule,
  InternalInventoryReadModule,
  InventorySyncModule,
  ReleaseChannelsModule,
  RetailUnitsModule,
  WarehouseInboundModule,
} from '@gateway/internal-api';
import { CommandDispatchModule, EventLogModule, InventoryClarificationModule } from '@gateway/internal-tools';
import { OrganizationsController } from './organizations/organizations.controller';
import { ReleaseChannelsController } from './release-channels/release-channels.controller';
import { InventorySyncController } from './inventory/inventory-sync.controller';
import { EventsController } from './tools/events.controller';
import { InventoryController } from './inventory/inventory.controller';
import { RetailUnitsController } from './inventory/retail-units.controller';
import { FulfilmentOrdersController } from './orders/fulfilment-orders.controller';
import { InboundShipmentsController } from './inbound/inbound-shipments.controller';
import { CommandDispatchController } from './tools/command-dispatch.controller';
import { InventoryClarificationController } from './tools/inventory-clarification.controller';
import { InternalGatewayConfig } from './internal-gateway.config';

@Module({})
export class InternalGatewayModule {
  static forRoot(config: InternalGatewayConfig): DynamicModule {
    return {
      module: InternalGatewayModule,
      imports: [
        MetricsModule.forRoot({ port: config.METRICS_PORT, host: config.METRICS_HOST }),
        DatabaseModule.forRoot(databaseOptions(config, 'internal-gateway')),
        // Background jobs (clarify-inventory-levels) run in this gateway; stopping waits for them within the grace period.
        JobQueueModule.forRoot({
          runWorkers: config.JOB_WORKERS,
          pollingIntervalSeconds: config.JOB_POLLING_INTERVAL_SECONDS,
          stopTimeoutMs: config.SHUTDOWN_GRACE_MS,
        }),
        BearerAuthModule.forRoot(
          bearerAuthOptions(config, {
            audience: 'internal',
            expectedAudience: config.INTERNAL_AUDIENCE,
            // The keys the issuer publishes, read from the signing-key store of this gateway's database.
            keySetSource: SigningKeyStoreSource,
          }),
        ),
        OrganizationsModule,
        ReleaseChannelsModule,
        InventorySyncModule,
        EventLogModule,
        InternalInventoryReadModule,
        RetailUnitsModule,
        FulfilmentModule,
        WarehouseInboundModule,
        CommandDispatchModule,
        InventoryClarificationModule,
      ],
      controllers: [
        HealthController,
        ProblemPagesController,
        OrganizationsController,
        ReleaseChannelsController,
        InventorySyncController,
        EventsController,
        InventoryController,
        RetailUnitsController,
        FulfilmentOrdersController,
        InboundShipmentsController,
        CommandDispatchController,
        InventoryClarificationController,
      ],
      providers: [readinessChecks(DatabaseReadinessCheck, IssuerKeySet)],
    };
  }
}
