// Recover's work, in the background (contract 6.5): the stored events a recover covers are sent again to
// its endpoint a batch at a time, each batch one transaction that also queues the next, as a job of the
// job queue (written in the transaction of the request that asked for it): it survives restarts and runs
// on whichever replica fetches it, one batch of one endpoint at a time across replicas.
import { Injectable } from '@nestjs/common';
import { Database, JobQueue, Queryable, WebhookEndpointRepository, WebhookEventRepository } from '@gateway/persistence';
import { WebhookDeliveryQueue } from './webhook-delivery-queue';

export const WEBHOOK_RECOVER_QUEUE = 'webhook-recover';
/** Events sent again per transaction. */
export const RECOVER_BATCH_EVENTS = 500;

export interface WebhookRecoverJobData {
  organizationId: string;
  endpointId: string;
  /** Events that occurred at or after this instant. */
  since: string;
  /** The batch starts after this stored event; null: at the first. */
  afterSequence: string | null;
  /** The organization's last stored event when recover was asked: later ones are the dispatcher's to deliver. */
  throughSequence: string;
}

@Injectable()
export class WebhookRecoverJob {
  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly events: WebhookEventRepository,
    private readonly deliveryQueue: WebhookDeliveryQueue,
  ) {
    queue.define<WebhookRecoverJobData>({
      queue: WEBHOOK_RECOVER_QUEUE,
      localConcurrency: 1,
      groupConcurrency: 1,
      handle: (data) => this.runBatch(data).then(() => undefined),
    });
  }

  /** Queues the first batch, in the caller's transaction. */
  async start(tx: Queryable, data: WebhookRecoverJobData): Promise<void> {
    await this.queue.send<WebhookRecoverJobData>(tx, WEBHOOK_RECOVER_QUEUE, data, { group: data.endpointId });
  }

  /**
   * One batch: up to RECOVER_BATCH_EVENTS events the endpoint's types and scope match, sent again; the next
   * batch queued when this one was full. Nothing is sent to an endpoint deleted or disabled since (enabling
   * it again does not resume the recover). Answers how many attempts it made due.
   */
  async runBatch(data: WebhookRecoverJobData): Promise<number> {
    const due = await this.db.transaction(async (tx) => {
      // Held as read until the batch commits: a disabling waits for it, then drops what it queued.
      const endpoint = await this.endpoints.find(tx, data.organizationId, { kind: 'ORGANIZATION' }, data.endpointId, 'FOR SHARE');
      if (!endpoint?.enabled) return 0;
      const events = await this.events.page(
        tx,
        {
          organizationId: data.organizationId,
          types: endpoint.eventTypes,
          since: data.since,
          afterSequence: data.afterSequence,
          throughSequence: data.throughSequence,
          connectionIds: endpoint.connectorConnectionIds,
        },
        RECOVER_BATCH_EVENTS,
      );
      const count = await this.deliveryQueue.redeliver(tx, data.organizationId, data.endpointId, events);
      if (events.length === RECOVER_BATCH_EVENTS) await this.start(tx, { ...data, afterSequence: events[events.length - 1].sequence });
      return count;
    });
    if (due > 0) this.deliveryQueue.wake();
    return due;
  }
}
