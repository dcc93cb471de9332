// Webhooks (contracts 6.3 and 6.5): endpoints managed and operated through the public API, the events feed,
// and, where workers run, the dispatcher that fans the event log out, the delivery workers that send, the
// job that recovers, and the retention of delivery history. Needs a JobQueue (JobQueueModule) for recover.
import { DynamicModule, Module } from '@nestjs/common';
import { OrganizationsModule, CursorSealer } from '@gateway/domain';
import { WebhookEndpointsService } from './use-cases/webhook-endpoints.service';
import { WEBHOOK_OPTIONS, WebhookOptions } from './model/webhook-options';
import { WebhookEndpointAccessPolicy } from './policies/webhook-endpoint-access.policy';
import { WebhookDispatcher } from './use-cases/webhook-dispatcher';
import { WebhookDeliveryWorkers } from './use-cases/webhook-delivery-workers';
import { WebhookEndpointHealth } from './use-cases/webhook-endpoint-health';
import { WebhookDeliveryQueue } from './use-cases/webhook-delivery-queue';
import { WebhookMetrics } from './infra/webhook-metrics';
import { WebhookRedeliveryService } from './use-cases/webhook-redelivery.service';
import { WebhookRecoverJob } from './use-cases/webhook-recover.job';
import { WebhookEventsFeedService } from './use-cases/webhook-events-feed.service';
import { WebhookRetentionJob } from './use-cases/webhook-retention.job';
import {
  AccessRepository,
  ApiClientRepository,
  DomainEventRepository,
  InventoryReadRepository,
  SalesOrderRepository,
  ServerSecretRepository,
  ShipmentRepository,
  ReturnRepository,
  InboundShipmentRepository,
  OrganizationRepository,
  WebhookEndpointRepository,
} from '@gateway/persistence';
import { WebhookDeliveryDatabaseModule, WebhookDeliveryRepository, WebhookEventRepository, WebhookRecoveryRepository } from '@gateway/persistence-public';

@Module({})
export class WebhooksModule {
  static forRoot(options: WebhookOptions): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [OrganizationsModule, WebhookDeliveryDatabaseModule],
      providers: [
        { provide: WEBHOOK_OPTIONS, useValue: options },
        WebhookEndpointAccessPolicy,
        WebhookEndpointsService,
        WebhookRedeliveryService,
        WebhookEventsFeedService,
        CursorSealer,
        WebhookDispatcher,
        WebhookDeliveryWorkers,
        WebhookEndpointHealth,
        WebhookDeliveryQueue,
        WebhookRecoverJob,
        WebhookRetentionJob,
        OrganizationRepository,
        WebhookMetrics,
        // The repositories its services use.
        AccessRepository,
        ApiClientRepository,
        DomainEventRepository,
        InventoryReadRepository,
        SalesOrderRepository,
        ServerSecretRepository,
        ShipmentRepository,
        ReturnRepository,
        InboundShipmentRepository,
        WebhookEndpointRepository,
        WebhookDeliveryRepository,
        WebhookEventRepository,
        WebhookRecoveryRepository,
      ],
      exports: [
        WebhookEndpointsService,
        WebhookRedeliveryService,
        WebhookEventsFeedService,
        WebhookDispatcher,
        WebhookDeliveryWorkers,
        WebhookDeliveryQueue,
        WebhookRecoverJob,
        WebhookRetentionJob,
      ],
    };
  }
}
