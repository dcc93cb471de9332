// This replica's view of what a token request reads and counts, so that a request of a known
// client needs no round trip to the database: the clients it has authenticated, the failure counters of
// the token endpoint, and leases of minting points. Held only while the TokenStateFeed is live: a change
// committed anywhere (a client revoked or its secret rotated, a failure counted by another replica) is
// applied as it is announced, and when the feed stops the view is emptied and every request goes to the
// database again (TokenRateLimits' one statement) until it is live and loaded once more.
import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ApiClientRow, CounterDatabase } from '@gateway/persistence';
import { CounterState, TokenRequestRepository, TokenStateChange, TokenStateFeed, TokenStateListener } from '@gateway/persistence-public';

/** Clients held at most (the least recently added goes first). */
const MAX_CLIENTS = 10_000;
/** Open failure counters held at most: past it (an attack from very many addresses) the view stops and loads again, and while more are open the database decides every request. */
const MAX_FAILURES = 100_000;
const PRUNE_MS = 60_000;
/** Minting points leased at most per round trip: a share of the limit, so that leases held unused by other replicas refuse a client early by at most this share each. */
const LEASE_SHARE = 16;
const MAX_LEASE = 64;

interface Lease {
  /** Points left of this replica's lease. */
  left: number;
  /** End of the counter's window (epoch ms): the points are valid until then. */
  expire: number;
}

@Injectable()
export class TokenStateView implements TokenStateListener, OnModuleInit, OnModuleDestroy {
  private readonly clients = new Map<string, ApiClientRow>();
  private failures = new Map<string, CounterState>();
  private readonly leases = new Map<string, Lease>();
  private readonly leasing = new Map<string, Promise<void>>();
  /** Moves on every change of a client: a client read before a change is not kept after it. */
  private clientGeneration = 0;
  private pruning?: NodeJS.Timeout;

  constructor(
    private readonly feed: TokenStateFeed,
    private readonly db: CounterDatabase,
    private readonly requests: TokenRequestRepository,
  ) {}

  /** Waits for the feed's first connection (bounded by the connect timeout): a replica that can reach the database starts with its view live. */
  async onModuleInit(): Promise<void> {
    // Counters whose window has ended are dropped once a minute, so that a quiet replica holds none.
    this.pruning = setInterval(() => this.dropEndedFailures(Date.now()), PRUNE_MS);
    this.pruning.unref();
    await this.feed.start(this);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.pruning);
    await this.feed.stop();
  }

  /** Whether requests may be answered from the view: the feed is live from just before onLive() until just before onLost(). */
  get live(): boolean {
    return this.feed.live;
  }

  get generation(): number {
    return this.clientGeneration;
  }

  onLive(failures: Map<string, CounterState>): void {
    // Changes announced while the counters were being loaded were applied already: the later window, or the higher count, wins.
    for (const [key, counter] of this.failures) {
      const loaded = failures.get(key);
      if (!loaded || newer(counter, loaded)) failures.set(key, counter);
    }
    this.failures = failures;
  }

  onLost(): void {
    this.clients.clear();
    this.failures.clear();
    this.leases.clear();
    this.clientGeneration++;
  }

  onChange(change: TokenStateChange): void {
    if (change.kind === 'client') {
      this.clients.delete(change.clientId);
      this.clientGeneration++;
    } else {
      this.noteFailure(change.key, change.counter);
    }
  }

  client(clientId: string): ApiClientRow | undefined {
    return this.live ? this.clients.get(clientId) : undefined;
  }

  /**
   * The client as held once every change committed before this call has been applied (TokenStateFeed.synced):
   * a request that arrives after a revocation, a new secret or a failure elsewhere has committed is
   * answered with it. Undefined when the view does not hold the client, or is not live.
   */
  async syncedClient(clientId: string): Promise<ApiClientRow | undefined> {
    if (!this.client(clientId)) return undefined;
    return (await this.feed.synced()) ? this.client(clientId) : undefined;
  }

  /** Keeps a client read from the database, unless the view changed since `generation` was taken before the read. */
  remember(client: ApiClientRow, generation: number): void {
    if (!this.live || generation !== this.clientGeneration) return;
    if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value as string);
    this.clients.set(client.clientId, client);
  }

  /** Whether any failure counter is held (open or not yet dropped). */
  get holdsFailures(): boolean {
    return this.failures.size > 0;
  }

  /** A failure counter (rate-limiter-flexible's full key), as last announced or counted here; 0 when none is open. */
  failure(key: string, now: number): CounterState {
    const counter = this.failures.get(key);
    return counter && (counter.expire === null || counter.expire > now) ? counter : { points: 0, expire: null };
  }

  noteFailure(key: string, counter: CounterState): void {
    const known = this.failures.get(key);
    if (known && !newer(counter, known)) return;
    if (!known && this.failures.size >= MAX_FAILURES) {
      this.dropEndedFailures(Date.now());
      if (this.failures.size >= MAX_FAILURES) return this.feed.restart();
    }
    this.failures.set(key, counter);
  }

  private dropEndedFailures(now: number): void {
    for (const [key, counter] of this.failures) if (counter.expire !== null && counter.expire <= now) this.failures.delete(key);
  }

  /** Whether this replica's lease of the counter `key` says its window has no point left (takeMint would refuse without a round trip). */
  mintRefused(key: string, now = Date.now()): boolean {
    const lease = this.leases.get(key);
    return lease !== undefined && lease.expire > now && lease.left < 0;
  }

  /**
   * One minting point of the counter `key` from this replica's lease, leasing more when it is used up:
   * undefined when taken, or the end of the window when the limit is reached.
   */
  async takeMint(key: string, limit: number, windowMs: number): Promise<{ limitedUntil: number } | undefined> {
    for (;;) {
      const now = Date.now();
      const lease = this.leases.get(key);
      if (lease && lease.expire > now) {
        if (lease.left > 0) {
          lease.left--;
          return undefined;
        }
        // Points of a window are only ever taken: once the database granted none, none are left until it ends.
        if (lease.left < 0) return { limitedUntil: lease.expire };
      }
      let pending = this.leasing.get(key);
      if (!pending) {
        pending = this.lease(key, limit, windowMs, now).finally(() => this.leasing.delete(key));
        this.leasing.set(key, pending);
      }
      await pending;
    }
  }

  private async lease(key: string, limit: number, windowMs: number, now: number): Promise<void> {
    const want = Math.min(MAX_LEASE, Math.max(1, Math.floor(limit / LEASE_SHARE)));
    const leased = await this.requests.leasePoints(this.db, { key, want, limit, windowMs, now });
    this.leases.set(key, { left: leased.granted > 0 ? leased.granted : -1, expire: leased.expire });
  }
}

/**
 * Whether counter a says more than b. A window starts only after the last one of its key has ended, so two
 * open windows are the same one (their ends, computed here and in the database, may differ by a
 * millisecond): the higher count wins. Of an open and an ended one, the open one.
 */
function newer(a: CounterState, b: CounterState, now = Date.now()): boolean {
  const open = (c: CounterState) => c.expire === null || c.expire > now;
  if (!open(b)) return open(a);
  return open(a) && a.points > b.points;
}
