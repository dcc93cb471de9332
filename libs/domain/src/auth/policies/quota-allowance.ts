// This replica's share of each client's request quota. The quota is one counter per client in Postgres, a
// fixed window shared by every replica of both gateways; a replica leases units of it (QuotaLease, granted
// never past the limit) and spends them here without a round trip. A unit is only ever spent in the window
// it was granted in: the window's end is kept on this replica's monotonic clock, counted from before the
// lease was sent, so it is never later than the end the database keeps. Hence no replica, and no number of
// replicas, lets more requests through in a window than the limit. What leasing costs instead: units held
// by one replica and not spent there before the window ends make the others refuse that many early.

/** What the database granted for one client (RequestQuotaRepository.lease). */
export interface QuotaLease {
  /** Units granted to this replica (0: the window's quota is used up). */
  granted: number;
  /** Units of the window taken after this grant, by every replica. */
  used: number;
  /** The window's end in the database's clock (epoch ms): it names the window. */
  windowEnd: number;
  /** Milliseconds left in the window when the units were granted. */
  msLeft: number;
}

/** take(): this replica holds no unit of the client's current window; a lease decides. */
export const QUOTA_UNKNOWN = -2;
/** take(): the client's quota of this window is used up. */
export const QUOTA_REFUSED = -1;

/** A lease is at most this share of the limit, so that units held unused elsewhere refuse a client early by at most this share per replica. */
const LEASE_SHARE = 20;
/**
 * ...and at most this many units: a round trip per ten thousand requests of a busy client. At one per
 * thousand the leases cost whoami more than the quota's bound allows (docs/decisions/request-quotas.md#performance);
 * the share above keeps what a replica can strand at 5 %.
 */
const MAX_LEASE = 10_000;
/** The next lease is sent while a quarter of the last one is still left, so a steady client never waits for one. */
const REFILL_FRACTION = 4;

interface ClientShare {
  /** Units leased to this replica and not spent yet. */
  left: number;
  /** Units of the window taken by every replica, as of the last lease. */
  used: number;
  /** The window's end on this replica's monotonic clock (never after the database's end). */
  ends: number;
  /** The database's name of the window (its end, epoch ms). */
  window: number;
  /** The counter has reached the limit: nothing more is leased before the window ends. */
  exhausted: boolean;
}

export class QuotaAllowance {
  private readonly shares = new Map<string, ClientShare>();
  /** Units asked for per lease while the window is fresh. */
  readonly leaseSize: number;

  /** `maxClients`: clients held at most (those whose window ended go first, then the least recently added). */
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxClients = 100_000,
  ) {
    this.leaseSize = Math.min(MAX_LEASE, Math.max(1, Math.floor(limit / LEASE_SHARE)));
  }

  /**
   * Spends one unit of the client's share at `now` (monotonic ms): the units left in the window after it,
   * across replicas as far as this one knows (≥ 0); QUOTA_REFUSED when the window's quota is used up;
   * QUOTA_UNKNOWN when this replica holds none of the current window (lease, then take again).
   */
  take(clientId: string, now: number): number {
    const share = this.shares.get(clientId);
    if (share === undefined || now >= share.ends) return QUOTA_UNKNOWN;
    if (share.left > 0) {
      share.left--;
      // Replicas configured with a higher limit may have taken more: never a negative figure.
      return Math.max(0, this.limit - share.used + share.left);
    }
    return share.exhausted ? QUOTA_REFUSED : QUOTA_UNKNOWN;
  }

  /** Whether to lease for the client now, before its share runs out (or because it has none). */
  wantsLease(clientId: string, now: number): boolean {
    const share = this.shares.get(clientId);
    if (share === undefined || now >= share.ends) return true;
    return !share.exhausted && share.left * REFILL_FRACTION <= this.leaseSize;
  }

  /**
   * Units to ask for: a twentieth of what the window has left as last seen (at least 1, at most the lease
   * size), so that leases shrink as the quota runs down and few units are stranded at its end.
   */
  want(clientId: string, now: number): number {
    const share = this.shares.get(clientId);
    if (share === undefined || now >= share.ends) return this.leaseSize;
    return Math.min(this.leaseSize, Math.max(1, Math.floor((this.limit - share.used) / LEASE_SHARE)));
  }

  /** Whole seconds until the client's window ends (at least 1): `t` of the RateLimit field and the 429's Retry-After. */
  resetSeconds(clientId: string, now: number): number {
    const share = this.shares.get(clientId);
    const ms = share === undefined ? this.windowMs : share.ends - now;
    return Math.max(1, Math.ceil(ms / 1000));
  }

  /** Applies what the database granted to a lease sent at `sentAt` (monotonic ms, taken before sending). */
  apply(clientId: string, sentAt: number, lease: QuotaLease): void {
    const ends = sentAt + lease.msLeft;
    const exhausted = lease.used >= this.limit;
    const share = this.shares.get(clientId);
    if (share !== undefined && share.window === lease.windowEnd) {
      share.left += lease.granted;
      share.used = Math.max(share.used, lease.used);
      // Both are lower bounds of the database's end: the later one is still one.
      share.ends = Math.max(share.ends, ends);
      share.exhausted ||= exhausted;
      return;
    }
    // The first lease of a window: what was left of an earlier one is void.
    if (share === undefined && this.shares.size >= this.maxClients) this.makeRoom(sentAt);
    this.shares.set(clientId, { left: lease.granted, used: lease.used, ends, window: lease.windowEnd, exhausted });
  }

  /** Drops the shares whose window has ended (their units are void). */
  prune(now: number): void {
    for (const [clientId, share] of this.shares) if (share.ends <= now) this.shares.delete(clientId);
  }

  get clients(): number {
    return this.shares.size;
  }

  private makeRoom(now: number): void {
    this.prune(now);
    // Dropping a share whose window is open only loses its units (an early refusal), never adds any.
    if (this.shares.size >= this.maxClients) this.shares.delete(this.shares.keys().next().value as string);
  }
}
