// The one way deliveries enter the delivery queue, for every producer: the dispatcher's fan-out, an
// endpoint's test event and recover. It writes, in the caller's transaction, each delivery with a first
// PENDING attempt due now, and whatever the delivery workers need to find it.
import { Injectable } from '@nestjs/common';
import { JobQueue, NewWebhookDelivery, Queryable, WebhookDeliveryRepository } from '@gateway/persistence';
import { WEBHOOK_DELIVERY_QUEUE, WebhookDeliveryJobData } from './webhook-delivery.job';

@Injectable()
export class WebhookDeliveryQueue {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly queue: JobQueue,
  ) {}

  /** Writes the deliveries (one already written for its endpoint and webhook id is skipped); answers those written. */
  async enqueue(tx: Queryable, deliveries: NewWebhookDelivery[]): Promise<NewWebhookDelivery[]> {
    const written = await this.deliveries.insert(tx, deliveries);
    for (const delivery of written) {
      await this.queue.send<WebhookDeliveryJobData>(tx, WEBHOOK_DELIVERY_QUEUE, { deliveryId: delivery.id, attempt: 1 }, { group: delivery.endpointId });
    }
    return written;
  }

  /** Tells this process's workers that deliveries were committed (others find them at their next poll). */
  wake(): void {
    this.queue.wake(WEBHOOK_DELIVERY_QUEUE);
  }
}
