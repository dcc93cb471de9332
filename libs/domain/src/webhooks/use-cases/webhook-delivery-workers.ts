// The delivery workers of one process (contract 6.3, 6.5 and 7). They claim due PENDING attempts straight
// from webhook_delivery_attempts in batches (WebhookDeliveryRepository.claim: fair across organizations and
// endpoints, leased until now + LEASE_SECONDS), send each signed, and record the outcomes in batches
// (WebhookOutcomeRecorder). Whoever wrote a PENDING attempt (the dispatcher, a test event, a recover), it is
// found: at the next claim when woken (wake(), after a producer's commit in this process) or at the next poll.
//
// - A slot: each claimed attempt holds one of WEBHOOK_MAX_CONCURRENCY until its outcome is recorded (and its
//   lease with it, which is what the per-endpoint and per-organization limits count across replicas).
// - At least once: an attempt is PENDING until its outcome is recorded; a worker that dies leaves its lease
//   to run out, and any worker then takes the attempt over. Nothing is sent twice but by a retry, a lease
//   run out, or a stop that gave an unanswered attempt back (released, sent again at once).
// - Claims and records batch themselves: while one is in the database, what arrives waits for the next.
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AttemptKey, ClaimedAttempt, Database, WebhookDeliveryRepository } from '@gateway/persistence';
import { decryptPrivateKey } from '../../auth/policies/key-encryption';
import {
  DEFAULT_WEBHOOK_MAX_CONCURRENCY,
  DEFAULT_WEBHOOK_MAX_PER_ENDPOINT,
  DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION,
  WEBHOOK_OPTIONS,
  WebhookOptions,
} from '../model/webhook-options';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, parseRetrySchedule, retryDelay } from '../model/retry-schedule';
import { WEBHOOK_TIMEOUT_MS, WebhookResult, sendWebhook } from './webhook-sender';
import { webhookHeaders } from './webhook-signature';
import { WebhookConnections } from './webhook-connections';
import { WebhookMetrics } from './webhook-metrics';
import { EndpointAttemptOutcome, WebhookOutcomeRecorder, attemptKey } from './webhook-outcome-recorder';

/** How often an idle process looks for due attempts (retries coming due, attempts written by other processes). */
export const WEBHOOK_POLL_INTERVAL_MS = 250;
/** An attempt's lease: its 10 s, and time to record the outcome. */
const LEASE_SECONDS = WEBHOOK_TIMEOUT_MS / 1000 + 20;
/** Outcomes recorded per transaction at most. */
const MAX_OUTCOMES_PER_RECORD = 500;
/** Wait after a failed claim or record before the next try. */
const DATABASE_RETRY_MS = 1000;

interface SentOutcome extends EndpointAttemptOutcome {
  webhookId: string;
  occurredAt: Date;
  answeredAt: number;
  metricOutcome: 'succeeded' | 'failed' | 'no_answer';
  error?: string;
}

@Injectable()
export class WebhookDeliveryWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly schedule: number[];
  private readonly slots: number;
  private readonly perEndpoint: number;
  private readonly perOrganization: number;
  private readonly connections = new WebhookConnections();
  private running = false;
  private timer?: NodeJS.Timeout;
  private claiming?: Promise<void>;
  private claimAgain = false;
  /** Attempts claimed here whose outcome is not recorded yet (or which are not given back yet). */
  private inFlight = 0;
  /** Requests being sent, each stoppable. */
  private readonly sending = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private outcomes: SentOutcome[] = [];
  /** Attempts stopped without an answer, to give back. */
  private unanswered: AttemptKey[] = [];
  private recording?: Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly recorder: WebhookOutcomeRecorder,
    private readonly metrics: WebhookMetrics,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {
    this.schedule = options.retrySchedule ?? parseRetrySchedule(DEFAULT_WEBHOOK_RETRY_SCHEDULE);
    this.slots = options.maxConcurrency ?? DEFAULT_WEBHOOK_MAX_CONCURRENCY;
    this.perEndpoint = options.maxPerEndpoint ?? DEFAULT_WEBHOOK_MAX_PER_ENDPOINT;
    this.perOrganization = options.maxPerOrganization ?? DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION;
    metrics.observeInFlight(() => this.inFlight);
  }

  onApplicationBootstrap(): void {
    if (this.options.workers === false) return;
    this.running = true;
    this.timer = setInterval(() => this.wake(), WEBHOOK_POLL_INTERVAL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due attempts now (a producer committed some, or slots came free). */
  wake(): void {
    if (!this.running) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claimWhileDue().finally(() => (this.claiming = undefined));
  }

  /**
   * Stops claiming, lets the requests in flight finish for up to stopTimeoutMs, stops the others and gives
   * their attempts back (another replica sends them at once, not after the lease), records what came in.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    await this.claiming;
    const inFlight = Promise.all([...this.sending.values()].map((s) => s.done));
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, this.options.stopTimeoutMs ?? 10_000)));
    await Promise.race([inFlight, grace]);
    clearTimeout(graceTimer);
    for (const { abort } of this.sending.values()) abort.abort();
    await inFlight;
    await this.recording;
    await this.recordAll();
    this.connections.close();
  }

  private async claimWhileDue(): Promise<void> {
    do {
      this.claimAgain = false;
      const free = this.slots - this.inFlight;
      // A recorded outcome frees a slot and wakes the claim.
      if (free <= 0) return;
      let claimed: ClaimedAttempt[];
      try {
        claimed = await this.db.transaction((tx) =>
          this.deliveries.claim(tx, { limit: free, perEndpoint: this.perEndpoint, perOrganization: this.perOrganization, leaseSeconds: LEASE_SECONDS }),
        );
      } catch (error) {
        this.logger.warn(`claiming webhook attempts failed, tried again at the next poll: ${(error as Error).message}`);
        return;
      }
      for (const attempt of claimed) this.send(attempt);
      // A full batch: more may be due.
      if (claimed.length === free) this.claimAgain = true;
    } while (this.claimAgain && this.running);
  }

  private send(attempt: ClaimedAttempt): void {
    this.inFlight++;
    const abort = new AbortController();
    const key = attemptKey(attempt);
    const done = this.deliver(attempt, abort.signal).then((outcome) => {
      this.sending.delete(key);
      if (outcome) this.outcomes.push(outcome);
      else this.unanswered.push({ deliveryId: attempt.deliveryId, attempt: attempt.attempt });
      this.recordSoon();
    });
    this.sending.set(key, { abort, done });
  }

  /** One attempt; undefined when it was stopped before an answer came. */
  private async deliver(attempt: ClaimedAttempt, stop: AbortSignal): Promise<SentOutcome | undefined> {
    const attemptedAt = new Date();
    const started = process.hrtime.bigint();
    let result: WebhookResult;
    try {
      const secrets = [attempt.secretCiphertext, ...(attempt.previousSecretCiphertext ? [attempt.previousSecretCiphertext] : [])].map((c) => decryptPrivateKey(c, this.options.keyEncryptionKey));
      result = await sendWebhook({ url: attempt.url, headers: webhookHeaders(secrets, attempt.webhookId, attempt.body, attemptedAt), body: attempt.body }, this.options.allowedHosts, {
        connections: { pool: this.connections, organizationId: attempt.organizationId },
        signal: stop,
      });
    } catch (error) {
      result = { ok: false, status: null, error: `not sent: ${(error as Error).message}`, responseBody: Buffer.alloc(0) };
    }
    if (!result.ok && stop.aborted) return undefined;
    const metricOutcome = result.ok ? 'succeeded' : result.status === null ? 'no_answer' : 'failed';
    this.metrics.latency.observe({ outcome: metricOutcome }, Number(process.hrtime.bigint() - started) / 1e9);
    return {
      deliveryId: attempt.deliveryId,
      attempt: attempt.attempt,
      endpointId: attempt.endpointId,
      status: result.ok ? 'SUCCEEDED' : 'FAILED',
      responseStatus: result.status,
      attemptedAt,
      // The schedule's entry after this attempt's step, if any.
      retryInSeconds: result.ok ? undefined : retryDelay(this.schedule, attempt.scheduleStep + 1),
      webhookId: attempt.webhookId,
      occurredAt: attempt.occurredAt,
      answeredAt: Date.now(),
      metricOutcome,
      error: result.error,
    };
  }

  private recordSoon(): void {
    if (this.recording) return;
    this.recording = this.recordAll().finally(() => (this.recording = undefined));
  }

  /** Records every outcome waiting, a batch per transaction; gives back the unanswered attempts. */
  private async recordAll(): Promise<void> {
    while (this.outcomes.length > 0 || this.unanswered.length > 0) {
      if (this.unanswered.length > 0) {
        const given = this.unanswered.splice(0);
        await this.deliveries.releaseClaims(this.db, given).catch((error: Error) => this.logger.warn(`giving back ${given.length} webhook attempts failed; their leases run out instead: ${error.message}`));
        this.inFlight -= given.length;
      }
      if (this.outcomes.length === 0) continue;
      const batch = this.outcomes.splice(0, MAX_OUTCOMES_PER_RECORD);
      let recorded: Set<string>;
      try {
        ({ recorded } = await this.recorder.record(batch));
      } catch (error) {
        if (!this.running) {
          // Stopping: the attempts stay leased, and are sent again when their leases run out.
          this.logger.warn(`recording ${batch.length} webhook outcomes failed while stopping: ${(error as Error).message}`);
          this.inFlight -= batch.length;
          continue;
        }
        this.logger.warn(`recording ${batch.length} webhook outcomes failed, tried again: ${(error as Error).message}`);
        this.outcomes.unshift(...batch);
        await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
        continue;
      }
      this.inFlight -= batch.length;
      for (const outcome of batch) {
        if (!recorded.has(attemptKey(outcome))) continue;
        this.metrics.attempts.inc({ outcome: outcome.metricOutcome });
        if (outcome.status === 'SUCCEEDED') this.metrics.commitToDelivery.observe((outcome.answeredAt - outcome.occurredAt.getTime()) / 1000);
        else {
          const next = outcome.retryInSeconds === undefined ? 'given up' : `retried in ${outcome.retryInSeconds} s`;
          this.logger.log(`webhook ${outcome.webhookId} attempt ${outcome.attempt} to endpoint ${outcome.endpointId} failed (${outcome.error}); ${next}`);
        }
      }
      this.wake();
    }
  }
}
