// Recover's work, in the background (contract 6.5 and 7): the stored events a recover covers are sent again to
// its endpoint a batch at a time, each batch one transaction. A recover is a row of webhook_recoveries (at
// most one per endpoint), written in the transaction of the request that asked for it: it survives restarts,
// and each process where workers run takes batches from the table, one after another, round-robin over
// organizations (WebhookRecoveryRepository.claimNext): one organization's many or long recovers wait their
// turn beside another's, batch by batch, instead of before it.
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Database, JobQueue, Queryable, WebhookEndpointRepository } from '@gateway/persistence';
import {
  ClaimedWebhookRecovery,
  NewWebhookRecovery,
  OutstandingWebhookRecovery,
  WebhookEventRepository,
  WebhookRecoveryRepository,
} from '@gateway/persistence-public';
import { WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { WebhookDeliveryQueue } from './webhook-delivery-queue';

/** Events sent again per transaction. */
export const RECOVER_BATCH_EVENTS = 500;
/** How often an idle worker looks for recovers asked on other replicas (one asked here wakes it at once). */
export const RECOVER_POLL_INTERVAL_MS = 1000;
/** A batch that failed is tried again after 2 s, doubling up to 300 s; after this many failures in a row the recover is given up. */
const MAX_FAILURES = 20;
const retryInSeconds = (failures: number) => Math.min(2 * 2 ** (failures - 1), 300);

/**
 * The job queue's name of recover batches before they moved to webhook_recoveries. A job left in it by a
 * replica of an earlier version is adopted as a recover (the queue stays installed for that).
 */
export const LEGACY_WEBHOOK_RECOVER_QUEUE = 'webhook-recover';

interface LegacyRecoverJobData {
  organizationId: string;
  endpointId: string;
  since: string;
  afterSequence: string | null;
  throughSequence: string;
}

@Injectable()
export class WebhookRecoverJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookRecover');
  private running = false;
  private loop?: Promise<void>;
  /** Ends the idle wait of the loop. */
  private wakeIdle?: () => void;
  private woken = false;

  constructor(
    private readonly db: Database,
    queue: JobQueue,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly events: WebhookEventRepository,
    private readonly recoveries: WebhookRecoveryRepository,
    private readonly deliveryQueue: WebhookDeliveryQueue,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {
    queue.define<LegacyRecoverJobData>({ queue: LEGACY_WEBHOOK_RECOVER_QUEUE, handle: (data) => this.adopt(data) });
  }

  onApplicationBootstrap(): void {
    if (this.options.workers === false) return;
    this.running = true;
    this.loop = this.work();
  }

  /** Lets the batch in progress commit (while the database is still there), then stops. */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  /**
   * Records a recover of the endpoint in the caller's transaction, unless one is outstanding: then answers
   * that one and records nothing.
   */
  async start(tx: Queryable, recovery: NewWebhookRecovery): Promise<OutstandingWebhookRecovery | null> {
    return this.recoveries.start(tx, recovery);
  }

  /** Tells this process's worker that a recover was committed (other processes find it at their next poll). */
  wake(): void {
    this.woken = true;
    this.wakeIdle?.();
  }

  /**
   * Runs the next batch of any recover, if one is due: up to RECOVER_BATCH_EVENTS events the endpoint's types
   * and scope match, sent again; the recover goes on after them, or ends when the batch was not full.
   * Answers whether there was a batch to run (false: none is due, or every due one is taken by another worker).
   */
  async runNext(): Promise<boolean> {
    let claimed: ClaimedWebhookRecovery | null = null;
    let due = 0;
    try {
      const ran = await this.db.transaction(async (tx) => {
        claimed = await this.recoveries.claimNext(tx);
        if (!claimed) return false;
        due = await this.runBatch(tx, claimed);
        return true;
      });
      if (due > 0) this.deliveryQueue.wake();
      return ran;
    } catch (error) {
      const failed = claimed as ClaimedWebhookRecovery | null;
      if (!failed) throw error;
      const message = (error as Error).message;
      try {
        const delay = retryInSeconds(failed.failures + 1);
        if (await this.recoveries.failed(this.db, failed, delay, MAX_FAILURES))
          this.logger.error(`recover of webhook endpoint ${failed.endpointId} given up after ${MAX_FAILURES + 1} failed batches: ${message}`);
        else this.logger.warn(`a recover batch of webhook endpoint ${failed.endpointId} failed, tried again in ${delay} s: ${message}`);
      } catch {
        // The database is away: the batch is tried again when it is back (nothing of it was written).
        this.logger.warn(`a recover batch of webhook endpoint ${failed.endpointId} failed: ${message}`);
      }
      return true;
    }
  }

  /** One batch of a claimed recover, in its transaction; answers how many attempts it made due. */
  private async runBatch(tx: Queryable, recovery: ClaimedWebhookRecovery): Promise<number> {
    // Already held FOR SHARE by the claim: a disabling waits for the batch, then drops what it queued.
    const endpoint = await this.endpoints.find(tx, recovery.organizationId, { kind: 'ORGANIZATION' }, recovery.endpointId, 'FOR SHARE');
    if (!endpoint?.enabled) {
      await this.recoveries.advance(tx, recovery, null);
      return 0;
    }
    const events = await this.events.page(
      tx,
      {
        organizationId: recovery.organizationId,
        types: endpoint.eventTypes,
        since: recovery.since,
        afterSequence: recovery.afterSequence,
        throughSequence: recovery.throughSequence,
        connectionIds: endpoint.connectorConnectionIds,
      },
      RECOVER_BATCH_EVENTS,
    );
    const count = await this.deliveryQueue.redeliver(tx, recovery.organizationId, recovery.endpointId, events);
    await this.recoveries.advance(tx, recovery, events.length === RECOVER_BATCH_EVENTS ? events[events.length - 1].sequence : null);
    return count;
  }

  /** Batches one after another while there are any, else waits for a wake or the poll interval. */
  private async work(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let ran = false;
      try {
        ran = await this.runNext();
      } catch (error) {
        this.logger.warn(`looking for recover batches failed, tried again: ${(error as Error).message}`);
      }
      if (!ran && this.running && !this.woken) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, RECOVER_POLL_INTERVAL_MS);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeIdle = () => {
        this.wakeIdle = undefined;
        done();
      };
    });
  }

  /** A batch job of an earlier version: its recover goes on as a row (unless the endpoint has one, or is gone or disabled). */
  private async adopt(data: LegacyRecoverJobData): Promise<void> {
    await this.recoveries.resume(this.db, data);
    this.wake();
  }
}
