// Webhook delivery in the process's metrics: attempts by outcome (counted once recorded), their latency, the
// lag from an event to its first attempt (the freshness objective) and to its delivery, endpoints disabled for
// failing, the attempts waiting and how long the oldest due one has waited (all replicas), and those in flight
// here. No label names an organization, endpoint or URL (contract 7).
import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { GatewayMetrics } from '@gateway/platform';
import { Database } from '@gateway/persistence';
import { WebhookDeliveryRepository } from '@gateway/persistence-public';

@Injectable()
export class WebhookMetrics {
  readonly attempts: Counter<'outcome'>;
  readonly latency: Histogram<'outcome'>;
  readonly commitToDelivery: Histogram;
  readonly commitToFirstAttempt: Histogram;
  readonly endpointsDisabled: Counter;
  private inFlight: () => number = () => 0;

  constructor(metrics: GatewayMetrics, db: Database, deliveries: WebhookDeliveryRepository) {
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: 'gateway_webhook_attempts_total',
      help: 'Webhook delivery attempts made, per outcome: succeeded (2xx), failed (another status), no_answer (target refused, connection error, timeout).',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.latency = new Histogram({
      name: 'gateway_webhook_attempt_duration_seconds',
      help: 'Time from sending a webhook request to its outcome, per outcome.',
      labelNames: ['outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.commitToDelivery = new Histogram({
      name: 'gateway_webhook_delivery_lag_seconds',
      help: 'Time from the change being recorded to its webhook being delivered (first successful attempt).',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
      registers,
    });
    this.commitToFirstAttempt = new Histogram({
      name: 'gateway_webhook_first_attempt_lag_seconds',
      help: 'Time from the change being recorded to the first delivery attempt of its webhook to an endpoint (whatever its outcome).',
      // 60 is the freshness objective's threshold (docs/operations.md).
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600],
      registers,
    });
    this.endpointsDisabled = new Counter({
      name: 'gateway_webhook_endpoints_auto_disabled_total',
      help: 'Webhook endpoints this process disabled because every attempt to them failed for WEBHOOK_DISABLE_AFTER_FAILING_SECONDS.',
      registers,
    });
    new Gauge({
      name: 'gateway_webhook_queue_depth',
      help: 'Webhook delivery attempts waiting to be made (all replicas).',
      registers,
      async collect() {
        this.set(await deliveries.pendingCount(db).catch(() => Number.NaN));
      },
    });
    new Gauge({
      name: 'gateway_webhook_oldest_due_attempt_age_seconds',
      help: 'Seconds the oldest webhook delivery attempt that is due (its time come, endpoint enabled) has waited, all replicas; 0 when none is due. Retries waiting for their time are not counted.',
      registers,
      async collect() {
        this.set(await deliveries.oldestDueAttemptAge(db).catch(() => Number.NaN));
      },
    });
    const inFlight = () => this.inFlight();
    new Gauge({
      name: 'gateway_webhook_deliveries_in_flight',
      help: 'Webhook delivery attempts this process has claimed and not recorded yet (at most WEBHOOK_MAX_CONCURRENCY).',
      registers,
      collect() {
        this.set(inFlight());
      },
    });
  }

  /** The delivery workers' count of attempts in flight, read on each scrape. */
  observeInFlight(read: () => number): void {
    this.inFlight = read;
  }
}
