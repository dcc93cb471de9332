// Prunes webhook history past its retention (contract 6.5), hourly, where workers run: delivery attempts
// made more than WEBHOOK_DELIVERY_RETENTION_DAYS ago (and the deliveries left without any), then stored
// payloads older than max(30 days, that retention), which the events feed and recover promise for 30 days;
// test events (in neither) go with their deliveries, once past the delivery retention.
// Each batch is one short transaction holding an advisory lock taken without waiting, so one replica at
// a time prunes and another finding the lock taken leaves the run to it. The domain event log is never
// touched: inventory levels are rebuilt from it.
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Database, Queryable } from '@gateway/persistence';
import { WebhookDeliveryRepository, WebhookEventRepository } from '@gateway/persistence-public';
import { DEFAULT_DELIVERY_RETENTION_DAYS, WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { RECOVER_MAX_DAYS } from '../dto/webhook-endpoint-operations.dto';

/** Rows deleted per transaction. */
export const RETENTION_BATCH = 5000;
const INTERVAL_MS = 60 * 60 * 1000;

export interface PruneResult {
  attempts: number;
  events: number;
}

@Injectable()
export class WebhookRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookRetention');
  private readonly attemptDays: number;
  private readonly eventDays: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly db: Database,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly events: WebhookEventRepository,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {
    this.attemptDays = options.deliveryRetentionDays ?? DEFAULT_DELIVERY_RETENTION_DAYS;
    this.eventDays = Math.max(RECOVER_MAX_DAYS, this.attemptDays);
  }

  onApplicationBootstrap(): void {
    if (this.options.workers === false) return;
    this.timer = setInterval(() => {
      this.running ??= this.prune()
        .catch((error: Error) => this.logger.warn(`webhook retention failed, tried again in an hour: ${error.message}`))
        .finally(() => (this.running = undefined));
    }, INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Deletes everything past its retention, `batch` rows per transaction; stops early when another replica holds the lock. */
  async prune(batch = RETENTION_BATCH): Promise<PruneResult> {
    const attempts = await this.inBatches(batch, (tx) => this.deliveries.pruneAttempts(tx, this.attemptDays, batch));
    if (!attempts.locked) return { attempts: attempts.deleted, events: 0 };
    const tests = await this.inBatches(batch, (tx) => this.events.pruneTestEvents(tx, this.attemptDays, batch));
    const events = tests.locked ? await this.inBatches(batch, (tx) => this.events.prune(tx, this.eventDays, batch)) : { deleted: 0 };
    return { attempts: attempts.deleted, events: tests.deleted + events.deleted };
  }

  /** Runs `work` until it deletes less than a full batch, or finds the lock taken (locked false). */
  private async inBatches(batch: number, work: (tx: Queryable) => Promise<number>): Promise<{ deleted: number; locked: boolean }> {
    let deleted = 0;
    for (;;) {
      const count = await this.db.transaction(async (tx) => ((await this.deliveries.tryHoldRetentionLock(tx)) ? work(tx) : undefined));
      if (count === undefined) return { deleted, locked: false };
      deleted += count;
      if (count < batch) return { deleted, locked: true };
    }
  }
}
