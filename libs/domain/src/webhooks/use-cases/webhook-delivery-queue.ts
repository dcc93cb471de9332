// The one way deliveries enter the delivery queue, for every producer: the dispatcher's fan-out, an
// endpoint's test event and recover. It writes, in the caller's transaction, each delivery with a first
// PENDING attempt due now (or, for a delivery made again, an attempt due now that starts the retry schedule
// over), and whatever the delivery workers need to find it: here, one pg-boss job per attempt.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JobQueue, NewWebhookDelivery, Queryable, QueuedAttempt, WebhookDeliveryRepository } from '@gateway/persistence';
import { WEBHOOK_DELIVERY_QUEUE, WebhookDeliveryJobData } from './webhook-delivery.job';

/** A stored webhook event, as redeliver takes it. */
export interface EventToRedeliver {
  webhookId: string;
  eventId: string;
  eventType: string;
}

@Injectable()
export class WebhookDeliveryQueue {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly queue: JobQueue,
  ) {}

  /** Writes the deliveries (one already written for its endpoint and webhook id is skipped); answers those written. */
  async enqueue(tx: Queryable, deliveries: NewWebhookDelivery[]): Promise<NewWebhookDelivery[]> {
    const written = await this.deliveries.insert(tx, deliveries);
    await this.sendJobs(
      tx,
      written.map((d) => ({ deliveryId: d.id, endpointId: d.endpointId, attempt: 1 })),
    );
    return written;
  }

  /**
   * Delivers stored events to one endpoint again, each with its original webhook-id: a delivery already
   * written gets an attempt due now that starts the schedule over (WebhookDeliveryRepository.redeliver), an
   * event without one gets a delivery. Answers how many attempts are due now.
   */
  async redeliver(tx: Queryable, organizationId: string, endpointId: string, events: EventToRedeliver[]): Promise<number> {
    // Those already written first: redeliver holds them, so the retention cannot take one away between the two steps.
    const again = await this.deliveries.redeliver(
      tx,
      organizationId,
      endpointId,
      events.map((e) => e.webhookId),
    );
    await this.sendJobs(tx, again);
    const written = await this.enqueue(
      tx,
      events.map((e) => ({ id: randomUUID(), organizationId, endpointId, eventId: e.eventId, eventType: e.eventType, webhookId: e.webhookId })),
    );
    return again.length + written.length;
  }

  /** Tells this process's workers that deliveries were committed (others find them at their next poll). */
  wake(): void {
    this.queue.wake(WEBHOOK_DELIVERY_QUEUE);
  }

  private async sendJobs(tx: Queryable, attempts: QueuedAttempt[]): Promise<void> {
    for (const { deliveryId, endpointId, attempt } of attempts) {
      await this.queue.send<WebhookDeliveryJobData>(tx, WEBHOOK_DELIVERY_QUEUE, { deliveryId, attempt }, { group: endpointId });
    }
  }
}
