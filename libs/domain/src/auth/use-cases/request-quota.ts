// Counts every request of a verified client against its quota (contract section 7), called by the bearer
// guard once the token has passed: the answer gets RateLimit-Policy and RateLimit, or the request is
// refused with a 429 problem and Retry-After. A request is decided from this replica's QuotaAllowance; the
// units it spends are leased from the client's counter in Postgres, for all the clients that need some in
// one statement per turn of the event loop, and ahead of need, so a steady client never waits for one.
import type { ServerResponse } from 'node:http';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { CounterDatabase, RequestQuotaRepository } from '@gateway/persistence';
import { ServiceUnavailableProblem, TooManyRequestsProblem } from '@gateway/platform';
import { QUOTA_WINDOW_SECONDS, REQUEST_QUOTA_OPTIONS, RequestQuotaOptions } from '../model/request-quota-options';
import { QUOTA_REFUSED, QUOTA_UNKNOWN, QuotaAllowance } from '../policies/quota-allowance';
import { RATE_LIMIT_FIELD, RATE_LIMIT_POLICY_FIELD, rateLimitPolicyValue, rateLimitValue } from '../policies/rate-limit-fields';

/** rate_limits.key of a client's counter. A token names a registered client (at most 128 characters), so the key fits varchar(255). */
const KEY_PREFIX = 'request-quota:';
/** Clients leased for in one statement at most; more wait for the next. */
const MAX_BATCH = 500;
/**
 * Leases one request may wait for. Each lease either grants a unit to one of the requests waiting for it,
 * says the quota is used up, or starts a new window, so requests are decided within a few; this bound only
 * keeps a fault from looping.
 */
const MAX_LEASES_PER_REQUEST = 16;
const PRUNE_MS = 60_000;

interface QueuedLease {
  want: number;
  /** Requests waiting for this lease: it asks for at least one unit each. */
  waiters: number;
  settle: { resolve: () => void; reject: (error: unknown) => void };
}

@Injectable()
export class RequestQuota implements OnModuleDestroy {
  private readonly allowance?: QuotaAllowance;
  private readonly policy: string;
  private readonly detail: string;
  /** The lease in flight (queued or sent) per client: one at a time. */
  private readonly leasing = new Map<string, Promise<void>>();
  /** Leases not sent yet, by client: sent together on the next turn of the event loop. */
  private queued = new Map<string, QueuedLease>();
  private flushScheduled = false;
  private readonly pruning?: NodeJS.Timeout;

  constructor(
    @Inject(REQUEST_QUOTA_OPTIONS) options: RequestQuotaOptions,
    private readonly db: CounterDatabase,
    private readonly repository: RequestQuotaRepository,
  ) {
    this.policy = rateLimitPolicyValue(options.limitPerMinute, QUOTA_WINDOW_SECONDS);
    this.detail = `This client has made its ${options.limitPerMinute} requests of the current ${QUOTA_WINDOW_SECONDS}-second window; retry after the seconds in Retry-After.`;
    if (!options.enabled) return;
    const allowance = new QuotaAllowance(options.limitPerMinute, QUOTA_WINDOW_SECONDS * 1000);
    this.allowance = allowance;
    // Shares whose window has ended are dropped once a minute, so that a quiet replica holds none.
    this.pruning = setInterval(() => allowance.prune(performance.now()), PRUNE_MS);
    this.pruning.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.pruning);
  }

  /**
   * Counts one request of `clientId` and sets the two fields on `response`; throws the 429 problem past the
   * quota. Decided at once (undefined) when this replica holds a unit of the client's window or knows it is
   * used up; otherwise a promise, settled once a lease has decided.
   */
  admit(clientId: string, response: ServerResponse): Promise<void> | undefined {
    const allowance = this.allowance;
    if (allowance === undefined) return undefined;
    const now = performance.now();
    const remaining = allowance.take(clientId, now);
    if (remaining === QUOTA_UNKNOWN) return this.admitAfterLease(allowance, clientId, response);
    this.answer(allowance, clientId, remaining, now, response);
    return undefined;
  }

  private async admitAfterLease(allowance: QuotaAllowance, clientId: string, response: ServerResponse): Promise<void> {
    for (let leases = 0; leases < MAX_LEASES_PER_REQUEST; leases++) {
      await this.lease(allowance, clientId, true);
      const now = performance.now();
      const remaining = allowance.take(clientId, now);
      if (remaining !== QUOTA_UNKNOWN) return this.answer(allowance, clientId, remaining, now, response);
    }
    throw new ServiceUnavailableProblem("The gateway could not count this request against the client's quota; try again shortly.", 1);
  }

  private answer(allowance: QuotaAllowance, clientId: string, remaining: number, now: number, response: ServerResponse): void {
    // The next lease goes out while this one's last units are spent.
    if (allowance.wantsLease(clientId, now) && !this.leasing.has(clientId)) this.lease(allowance, clientId, false).catch(() => undefined);
    const resetSeconds = allowance.resetSeconds(clientId, now);
    response.setHeader(RATE_LIMIT_POLICY_FIELD, this.policy);
    response.setHeader(RATE_LIMIT_FIELD, rateLimitValue(remaining === QUOTA_REFUSED ? 0 : remaining, resetSeconds));
    if (remaining === QUOTA_REFUSED) throw new TooManyRequestsProblem(this.detail, resetSeconds);
  }

  /** The client's lease in flight, or a new one queued for the next statement. `waiting`: a request waits for it. */
  private lease(allowance: QuotaAllowance, clientId: string, waiting: boolean): Promise<void> {
    const queued = this.queued.get(clientId);
    if (queued && waiting) queued.waiters++;
    const inFlight = this.leasing.get(clientId);
    if (inFlight) return inFlight;
    const pending = new Promise<void>((resolve, reject) => {
      this.queued.set(clientId, { want: allowance.want(clientId, performance.now()), waiters: waiting ? 1 : 0, settle: { resolve, reject } });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush(allowance));
      }
    }).finally(() => this.leasing.delete(clientId));
    this.leasing.set(clientId, pending);
    return pending;
  }

  /** Sends the queued leases, MAX_BATCH clients per statement. */
  private flush(allowance: QuotaAllowance): void {
    this.flushScheduled = false;
    const batch = this.queued;
    this.queued = new Map();
    const clients = [...batch.keys()];
    for (let start = 0; start < clients.length; start += MAX_BATCH) {
      const chunk = clients.slice(start, start + MAX_BATCH);
      const keys = chunk.map((clientId) => KEY_PREFIX + clientId);
      const wants = chunk.map((clientId) => {
        const queued = batch.get(clientId) as QueuedLease;
        return Math.max(queued.want, queued.waiters);
      });
      // Taken before sending: the window's end counted from here is never later than the database's.
      const sentAt = performance.now();
      this.repository.lease(this.db, keys, wants, allowance.limit, allowance.windowMs).then(
        (rows) => {
          for (const row of rows) allowance.apply(row.key.slice(KEY_PREFIX.length), sentAt, row);
          // A client without a row (none is expected) is simply leased for again by its waiting requests.
          for (const clientId of chunk) batch.get(clientId)?.settle.resolve();
        },
        (error: unknown) => {
          for (const clientId of chunk) batch.get(clientId)?.settle.reject(error);
        },
      );
    }
  }
}
