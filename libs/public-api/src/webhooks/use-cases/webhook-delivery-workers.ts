// The delivery workers of one process (contract 6.3, 6.5 and 7). One statement after another
// (WebhookDeliveryRepository.recordAndClaim), each records the outcomes that came in since the last (and the
// retries they call for) and claims due PENDING attempts for the slots free (fair across organizations and
// endpoints, leased until now + LEASE_SECONDS); the claimed attempts are sent signed, each on its own, and
// their outcomes wait for the next statement. Whatever arrives while one statement is in the database waits
// for the next: batches size themselves to the load, and a delivery costs the database a share of one round
// trip. What outcomes do to their endpoints (failing_since, disabling) is applied beside, only when one
// failed or had been failing (WebhookEndpointHealth). Whoever wrote a PENDING attempt (the dispatcher, a
// test event, a recover), it is found when this process is woken (wake(), after a producer's commit here)
// or at the next poll.
//
// - A slot: each claimed attempt holds one of WEBHOOK_MAX_CONCURRENCY until its outcome is recorded (and its
//   lease with it, which is what the per-endpoint and per-organization limits count across replicas).
// - At least once: an attempt is PENDING until its outcome is recorded; a worker that dies leaves its lease
//   to run out, and any worker then takes the attempt over. Nothing is sent twice but by a retry, a lease
//   run out, or a stop that gave an unanswered attempt back (released, sent again at once). The statements
//   run on the WebhookDeliveryDatabase, whose commits do not wait for the WAL flush: a crash of Postgres
//   can forget the last fraction of a second of leases and outcomes, whose attempts are then sent again.
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AttemptKey, AttemptOutcome, ClaimedAttempt, WebhookDeliveryDatabase, WebhookDeliveryRepository } from '@gateway/persistence-public';
import { decryptWebhookSecret } from '@gateway/domain';
import {
  DEFAULT_WEBHOOK_MAX_CONCURRENCY,
  DEFAULT_WEBHOOK_MAX_PER_ENDPOINT,
  DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION,
  WEBHOOK_OPTIONS,
  WebhookOptions,
} from '../model/webhook-options';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, parseRetrySchedule, retryDelay } from '../model/retry-schedule';
import { WEBHOOK_TIMEOUT_MS, WebhookResult, sendWebhook } from '../infra/webhook-sender';
import { signingKey, webhookHeaders } from '../infra/webhook-signature';
import { WebhookConnections } from '../infra/webhook-connections';
import { WebhookMetrics } from '../infra/webhook-metrics';
import { RecordedEndpointOutcome, WebhookEndpointHealth } from './webhook-endpoint-health';

/** How often an idle process looks for due attempts (retries coming due, attempts written by other processes). */
export const WEBHOOK_POLL_INTERVAL_MS = 250;
/** An attempt's lease: its 10 s, and time to record the outcome. */
const LEASE_SECONDS = WEBHOOK_TIMEOUT_MS / 1000 + 20;
/** Outcomes recorded per statement at most. */
const MAX_OUTCOMES_PER_RECORD = 500;
/** Endpoints whose signing keys are kept decrypted at most (then the cache starts again). */
const MAX_SIGNING_KEYS = 10_000;
/** Wait after a failed statement before the next try. */
const DATABASE_RETRY_MS = 1000;

const attemptKey = (a: AttemptKey) => `${a.deliveryId}/${a.attempt}`;

interface SentOutcome extends AttemptOutcome {
  failingSinceAtClaim: Date | null;
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
  /** The statement loop, while it runs. */
  private cycling?: Promise<void>;
  /** A claim is wanted (woken, polled, or the last claim filled every free slot). */
  private claimWanted = false;
  /** Attempts claimed here whose outcome is not recorded yet (or which are not given back yet). */
  private inFlight = 0;
  /** Requests being sent, each stoppable. */
  private readonly sending = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private outcomes: SentOutcome[] = [];
  /** Attempts stopped without an answer, to give back. */
  private unanswered: AttemptKey[] = [];
  /**
   * Each endpoint's signing keys (the secret, then the previous one during a rotation's overlap), decrypted
   * and decoded once instead of at every delivery, for as long as its ciphertexts are the same. Keyed by
   * organization and endpoint.
   */
  private readonly signingKeys = new Map<string, { ciphertexts: string; keys: Buffer[] }>();
  /** Recorded outcomes that may change their endpoint's state, in the order recorded, and the loop applying them. */
  private healthOutcomes: RecordedEndpointOutcome[] = [];
  private applyingHealth?: Promise<void>;

  constructor(
    private readonly db: WebhookDeliveryDatabase,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly health: WebhookEndpointHealth,
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

  /** Looks for due attempts now (a producer committed some). */
  wake(): void {
    if (!this.running) return;
    this.claimWanted = true;
    this.cycleSoon();
  }

  /**
   * Stops claiming, lets the requests in flight finish for up to stopTimeoutMs, stops the others and gives
   * their attempts back (another replica sends them at once, not after the lease), records what came in.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    const inFlight = Promise.all([...this.sending.values()].map((s) => s.done));
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, this.options.stopTimeoutMs ?? 10_000)));
    await Promise.race([inFlight, grace]);
    clearTimeout(graceTimer);
    for (const { abort } of this.sending.values()) abort.abort();
    await inFlight;
    // Every answer is in: record them (no claim any more) until none is left.
    this.cycleSoon();
    while (this.cycling) await this.cycling;
    await this.applyingHealth;
    this.connections.close();
  }

  private cycleSoon(): void {
    if (this.cycling) return;
    this.cycling = this.cycleWhileWork().finally(() => (this.cycling = undefined));
  }

  private async cycleWhileWork(): Promise<void> {
    while (this.outcomes.length > 0 || this.unanswered.length > 0 || (this.claimWanted && this.running && this.inFlight < this.slots)) {
      this.claimWanted = false;
      if (!(await this.cycle())) {
        if (!this.running) return;
        await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
      }
    }
  }

  /** One statement: the outcomes waiting recorded, free slots claimed (and unanswered attempts given back). False when it failed. */
  private async cycle(): Promise<boolean> {
    const outcomes = this.outcomes.splice(0, MAX_OUTCOMES_PER_RECORD);
    const unanswered = this.unanswered.splice(0);
    // The slots these outcomes hold are free for this statement's claim: it counts their leases as ended.
    const free = this.running ? this.slots - this.inFlight + outcomes.length + unanswered.length : 0;
    let result: { recorded: AttemptKey[]; claimed: ClaimedAttempt[] };
    try {
      await this.deliveries.releaseClaims(this.db, unanswered);
      result = await this.deliveries.recordAndClaim(this.db, outcomes, {
        limit: free,
        perEndpoint: this.perEndpoint,
        perOrganization: this.perOrganization,
        leaseSeconds: LEASE_SECONDS,
      });
    } catch (error) {
      const message = (error as Error).message;
      if (!this.running) {
        // Stopping: the attempts stay leased, and are sent again when their leases run out.
        if (outcomes.length + unanswered.length > 0)
          this.logger.warn(`recording ${outcomes.length + unanswered.length} webhook attempts failed while stopping; their leases run out instead: ${message}`);
        this.inFlight -= outcomes.length + unanswered.length;
        return false;
      }
      this.logger.warn(`recording and claiming webhook attempts failed, tried again: ${message}`);
      this.outcomes.unshift(...outcomes);
      this.unanswered.push(...unanswered);
      this.claimWanted = true;
      return false;
    }
    this.inFlight -= outcomes.length + unanswered.length;
    const recorded = new Set(result.recorded.map(attemptKey));
    const health: RecordedEndpointOutcome[] = [];
    for (const outcome of outcomes) {
      if (!recorded.has(attemptKey(outcome))) continue;
      this.metrics.attempts.inc({ outcome: outcome.metricOutcome });
      if (outcome.attempt === 1) this.metrics.commitToFirstAttempt.observe(Math.max(0, outcome.attemptedAt.getTime() - outcome.occurredAt.getTime()) / 1000);
      const ok = outcome.status === 'SUCCEEDED';
      if (ok) this.metrics.commitToDelivery.observe((outcome.answeredAt - outcome.occurredAt.getTime()) / 1000);
      else {
        const next = outcome.retryInSeconds === undefined ? 'given up' : `retried in ${outcome.retryInSeconds} s`;
        this.logger.log(`webhook ${outcome.webhookId} attempt ${outcome.attempt} to endpoint ${outcome.endpointId} failed (${outcome.error}); ${next}`);
      }
      health.push({ endpointId: outcome.endpointId, ok, attemptedAt: outcome.attemptedAt, failingSinceAtClaim: outcome.failingSinceAtClaim });
    }
    if (this.health.concerns(health)) {
      this.healthOutcomes.push(...health);
      this.applyHealthSoon();
    }
    for (const attempt of result.claimed) this.send(attempt);
    // A full claim: more may be due.
    if (free > 0 && result.claimed.length === free) this.claimWanted = true;
    return true;
  }

  /** Applies what recorded outcomes do to their endpoints, a batch at a time, beside the deliveries. */
  private applyHealthSoon(): void {
    if (this.applyingHealth) return;
    this.applyingHealth = (async () => {
      while (this.healthOutcomes.length > 0) {
        const batch = this.healthOutcomes.splice(0);
        try {
          for (const id of await this.health.apply(batch)) {
            this.metrics.endpointsDisabled.inc();
            this.logger.warn(`webhook endpoint ${id} disabled: every attempt failed for ${this.health.disableAfterSeconds} s`);
          }
        } catch (error) {
          // The next outcome of these endpoints brings their state up to date.
          this.logger.warn(`updating the state of webhook endpoints failed: ${(error as Error).message}`);
        }
      }
    })().finally(() => (this.applyingHealth = undefined));
  }

  private send(attempt: ClaimedAttempt): void {
    this.inFlight++;
    const abort = new AbortController();
    const key = attemptKey(attempt);
    const done = this.deliver(attempt, abort.signal).then((outcome) => {
      this.sending.delete(key);
      if (outcome) this.outcomes.push(outcome);
      else this.unanswered.push({ deliveryId: attempt.deliveryId, attempt: attempt.attempt });
      this.cycleSoon();
    });
    this.sending.set(key, { abort, done });
  }

  private keysOf(attempt: ClaimedAttempt): Buffer[] {
    const key = `${attempt.organizationId}/${attempt.endpointId}`;
    const ciphertexts = `${attempt.secretCiphertext} ${attempt.previousSecretCiphertext ?? ''}`;
    const cached = this.signingKeys.get(key);
    if (cached?.ciphertexts === ciphertexts) return cached.keys;
    const keys = [attempt.secretCiphertext, ...(attempt.previousSecretCiphertext ? [attempt.previousSecretCiphertext] : [])].map((c) =>
      signingKey(
        decryptWebhookSecret(
          c,
          this.options.keyEncryptionKey,
          { organizationId: attempt.organizationId, endpointId: attempt.endpointId },
          { readFirstFormat: this.options.readFirstFormat ?? true },
        ),
      ),
    );
    if (this.signingKeys.size >= MAX_SIGNING_KEYS) this.signingKeys.clear();
    this.signingKeys.set(key, { ciphertexts, keys });
    return keys;
  }

  /** One attempt; undefined when it was stopped before an answer came. */
  private async deliver(attempt: ClaimedAttempt, stop: AbortSignal): Promise<SentOutcome | undefined> {
    const attemptedAt = new Date();
    const started = process.hrtime.bigint();
    let result: WebhookResult;
    try {
      result = await sendWebhook(
        { url: attempt.url, headers: webhookHeaders(this.keysOf(attempt), attempt.webhookId, attempt.body, attemptedAt), body: attempt.body },
        this.options.targets,
        {
          connections: { pool: this.connections, organizationId: attempt.organizationId },
          signal: stop,
        },
      );
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
      failingSinceAtClaim: attempt.endpointFailingSince,
    };
  }
}
