// Makes one attempt of a webhook delivery, as a pg-boss job (contract 6.3). The outcome is recorded, and on a
// failure the next attempt is written as a job starting after the schedule's delay, in the same
// transaction: retries survive restarts and are run by whichever replica fetches them. A worker that dies
// mid-attempt leaves the attempt PENDING and pg-boss retries the job: at least once. Jobs of one endpoint
// run at most maxPerEndpoint at a time across replicas (pg-boss group concurrency), and each process runs at
// most maxConcurrency, so a slow endpoint holds only its own slots and never the API.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Database, JobQueue, WebhookDeliveryRepository } from '@gateway/persistence';
import { decryptPrivateKey } from '../../auth/policies/key-encryption';
import { WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, parseRetrySchedule, retryDelay } from '../model/retry-schedule';
import { sendWebhook } from './webhook-sender';
import { webhookHeaders } from './webhook-signature';
import { WebhookMetrics } from './webhook-metrics';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

export interface WebhookDeliveryJobData {
  deliveryId: string;
  attempt: number;
}

@Injectable()
export class WebhookDeliveryJob {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly schedule: number[];

  constructor(
    private readonly db: Database,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly queue: JobQueue,
    private readonly metrics: WebhookMetrics,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {
    this.schedule = options.retrySchedule ?? parseRetrySchedule(DEFAULT_WEBHOOK_RETRY_SCHEDULE);
    // The queue's retry policy (a worker that died mid-attempt, a database error) is in JOB_QUEUES; a
    // failed attempt is a new job.
    queue.define<WebhookDeliveryJobData>({
      queue: WEBHOOK_DELIVERY_QUEUE,
      localConcurrency: options.maxConcurrency ?? 10,
      groupConcurrency: options.maxPerEndpoint ?? 2,
      handle: (data) => this.attempt(data),
    });
  }

  async attempt({ deliveryId, attempt }: WebhookDeliveryJobData): Promise<void> {
    const delivery = await this.deliveries.findAttempt(this.db, deliveryId, attempt);
    // Gone with its endpoint, or already recorded (this job ran before and its worker died after recording).
    if (!delivery || delivery.status !== 'PENDING') return;
    const secret = decryptPrivateKey(delivery.secretCiphertext, this.options.keyEncryptionKey);
    const started = process.hrtime.bigint();
    const result = await sendWebhook({ url: delivery.url, headers: webhookHeaders(secret, delivery.webhookId, delivery.body), body: delivery.body }, this.options.targets);
    const outcome = result.ok ? 'succeeded' : result.status === null ? 'no_answer' : 'failed';
    this.metrics.latency.observe({ outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    // By the attempt's place in the schedule, not its number: a recover starts the schedule over.
    const retryInSeconds = result.ok ? undefined : retryDelay(this.schedule, delivery.scheduleStep + 1);
    const recorded = await this.db.transaction(async (tx) => {
      if (!(await this.deliveries.recordOutcome(tx, { deliveryId, attempt, status: result.ok ? 'SUCCEEDED' : 'FAILED', responseStatus: result.status, retryInSeconds }))) return false;
      if (retryInSeconds !== undefined) {
        await this.queue.send<WebhookDeliveryJobData>(tx, WEBHOOK_DELIVERY_QUEUE, { deliveryId, attempt: attempt + 1 }, { startAfterSeconds: retryInSeconds, group: delivery.endpointId });
      }
      return true;
    });
    if (!recorded) return;
    this.metrics.attempts.inc({ outcome });
    if (result.ok) {
      const timestamp = (JSON.parse(delivery.body) as { timestamp: string }).timestamp;
      this.metrics.commitToDelivery.observe((Date.now() - Date.parse(timestamp)) / 1000);
    } else {
      this.logger.log(`webhook ${delivery.webhookId} attempt ${attempt} to endpoint ${delivery.endpointId} failed (${result.error}); ${retryInSeconds === undefined ? 'given up' : `retried in ${retryInSeconds} s`}`);
    }
  }
}
