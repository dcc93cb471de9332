// Purges idempotency records past their retention, hourly. Every replica may run it: a DELETE by age
// is harmless to repeat.
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { Database } from '@gateway/persistence';
import { IdempotencyRepository } from '@gateway/persistence-public';

/** Contract section 4 and spec section 8: at least 92 days (3 months). */
export const MIN_IDEMPOTENCY_RETENTION_DAYS = 92;
export const IDEMPOTENCY_RETENTION_DAYS = Symbol('IDEMPOTENCY_RETENTION_DAYS');

@Injectable()
export class IdempotencyRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private readonly retentionDays: number;

  constructor(
    private readonly db: Database,
    private readonly records: IdempotencyRepository,
    @Optional() @Inject(IDEMPOTENCY_RETENTION_DAYS) retentionDays?: number,
  ) {
    this.retentionDays = Math.max(MIN_IDEMPOTENCY_RETENTION_DAYS, retentionDays ?? MIN_IDEMPOTENCY_RETENTION_DAYS);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge().catch(() => undefined), 60 * 60 * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Deletes the records older than the retention; returns how many. */
  purge(): Promise<number> {
    return this.records.purgeOlderThan(this.db, this.retentionDays);
  }
}
