// Webhooks (contract 6.3): endpoints managed through the public API, and, where workers run, the
// dispatcher that fans the event log out and the delivery workers that send.
import { DynamicModule, Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { WebhookEndpointsService } from './use-cases/webhook-endpoints.service';
import { WEBHOOK_OPTIONS, WebhookOptions } from './model/webhook-options';
import { WebhookDispatcher } from './use-cases/webhook-dispatcher';
import { WebhookDeliveryWorkers } from './use-cases/webhook-delivery-workers';
import { WebhookEndpointHealth } from './use-cases/webhook-endpoint-health';
import { WebhookDeliveryQueue } from './use-cases/webhook-delivery-queue';
import { WebhookMetrics } from './use-cases/webhook-metrics';

@Module({})
export class WebhooksModule {
  static forRoot(options: WebhookOptions): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [OrganizationsModule],
      providers: [
        { provide: WEBHOOK_OPTIONS, useValue: options },
        WebhookEndpointsService,
        WebhookDispatcher,
        WebhookDeliveryWorkers,
        WebhookEndpointHealth,
        WebhookDeliveryQueue,
        WebhookMetrics,
      ],
      exports: [WebhookEndpointsService, WebhookDispatcher, WebhookDeliveryWorkers, WebhookDeliveryQueue],
    };
  }
}
