// The one way deliveries enter the delivery queue, for every producer: the dispatcher's fan-out, an
// endpoint's test event and recover. It writes, in the caller's transaction, each delivery with a first
// PENDING attempt due now: the delivery workers claim it from there (webhook-delivery-workers.ts).
import { Injectable } from '@nestjs/common';
import { NewWebhookDelivery, Queryable, WebhookDeliveryRepository } from '@gateway/persistence';
import { WebhookDeliveryWorkers } from './webhook-delivery-workers';

@Injectable()
export class WebhookDeliveryQueue {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly workers: WebhookDeliveryWorkers,
  ) {}

  /** Writes the deliveries (one already written for its endpoint and webhook id is skipped); answers those written. */
  async enqueue(tx: Queryable, deliveries: NewWebhookDelivery[]): Promise<NewWebhookDelivery[]> {
    return this.deliveries.insert(tx, deliveries);
  }

  /** Tells this process's workers that deliveries were committed (others find them at their next poll). */
  wake(): void {
    this.workers.wake();
  }
}
