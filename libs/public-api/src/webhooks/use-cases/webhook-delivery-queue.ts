// The one way deliveries enter the delivery queue, for every producer: the dispatcher's fan-out, an
// endpoint's test event and recover. It writes, in the caller's transaction, each delivery with a first
// PENDING attempt due now (or, for a delivery made again, an attempt due now that starts the retry schedule
// over): the delivery workers claim it from there (webhook-delivery-workers.ts).
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';
import { NewWebhookDelivery, WebhookDeliveryRepository } from '@gateway/persistence-public';
import { WebhookDeliveryWorkers } from './webhook-delivery-workers';

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
    private readonly workers: WebhookDeliveryWorkers,
  ) {}

  /** Writes the deliveries (one already written for its endpoint and webhook id is skipped); answers those written. */
  async enqueue(tx: Queryable, deliveries: NewWebhookDelivery[]): Promise<NewWebhookDelivery[]> {
    return this.deliveries.insert(tx, deliveries);
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
    const written = await this.enqueue(
      tx,
      events.map((e) => ({ id: randomUUID(), organizationId, endpointId, eventId: e.eventId, eventType: e.eventType, webhookId: e.webhookId })),
    );
    return again.length + written.length;
  }

  /** Tells this process's workers that deliveries were committed (others find them at their next poll). */
  wake(): void {
    this.workers.wake();
  }
}
