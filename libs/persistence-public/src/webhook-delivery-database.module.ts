// Provides the WebhookDeliveryDatabase to the webhooks module (the only one that uses it), reports its pool's
// usage with the others', and closes it when the application stops. A process without webhooks opens none.
import { Inject, Injectable, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { GatewayMetrics } from '@gateway/platform';
import { DATABASE_OPTIONS, DatabaseOptions } from '@gateway/persistence';
import { WebhookDeliveryDatabase } from './webhook-delivery-database';

@Injectable()
class WebhookDeliveryDatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(WebhookDeliveryDatabase) private readonly webhookDelivery: WebhookDeliveryDatabase,
    @Optional() metrics?: GatewayMetrics,
  ) {
    metrics?.observePool('webhook_delivery', webhookDelivery.usage);
  }
  async onApplicationShutdown(): Promise<void> {
    await this.webhookDelivery.close();
  }
}

@Module({
  providers: [
    // Connects only when webhook delivery workers run.
    {
      provide: WebhookDeliveryDatabase,
      useFactory: (options: DatabaseOptions) => new WebhookDeliveryDatabase(WebhookDeliveryDatabase.optionsFrom(options)),
      inject: [DATABASE_OPTIONS],
    },
    WebhookDeliveryDatabaseLifecycle,
  ],
  exports: [WebhookDeliveryDatabase],
})
export class WebhookDeliveryDatabaseModule {}
