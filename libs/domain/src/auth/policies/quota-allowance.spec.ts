// The allowance of one replica: it spends only units leased to it, only in the window they were granted
// in, and several replicas leasing from one counter never let more through than the limit.
import { QUOTA_REFUSED, QUOTA_UNKNOWN, QuotaAllowance, QuotaLease } from './quota-allowance';

const WINDOW_MS = 60_000;

/** The counter's rule as lease_request_quota applies it (migration 12; its own spec runs it on Postgres). */
function sharedCounter(limit: number) {
  let used = 0;
  let end = 0;
  return (want: number, databaseNow: number): QuotaLease => {
    if (end <= databaseNow) {
      used = 0;
      end = databaseNow + WINDOW_MS;
    }
    const granted = Math.max(0, Math.min(want, limit - used));
    used += granted;
    return { granted, used, windowEnd: end, msLeft: end - databaseNow };
  };
}

const lease = (granted: number, used: number, msLeft = WINDOW_MS, windowEnd = 1_000_000): QuotaLease => ({ granted, used, windowEnd, msLeft });

describe('QuotaAllowance', () => {
  it('leases a twentieth of the limit, at least 1 and at most 10,000', () => {
    expect([1, 19, 20, 6000, 20_000, 200_000, 100_000_000].map((limit) => new QuotaAllowance(limit, WINDOW_MS).leaseSize)).toEqual([
      1, 1, 1, 300, 1000, 10_000, 10_000,
    ]);
  });

  it('holds nothing before its first lease, then spends the units leased and counts what is left across replicas', () => {
    const allowance = new QuotaAllowance(6000, WINDOW_MS);
    expect(allowance.take('cl_a', 0)).toBe(QUOTA_UNKNOWN);
    expect(allowance.wantsLease('cl_a', 0)).toBe(true);
    // Another replica had taken 100 before: the counter stands at 400 after this grant of 300.
    allowance.apply('cl_a', 0, lease(300, 400));
    expect([1, 2, 3].map(() => allowance.take('cl_a', 10))).toEqual([5899, 5898, 5897]);
    expect(allowance.wantsLease('cl_a', 10)).toBe(false);
  });

  it('asks for more while a quarter of its lease is left, fewer units as the window runs down', () => {
    const allowance = new QuotaAllowance(6000, WINDOW_MS);
    allowance.apply('cl_a', 0, lease(300, 300));
    for (let i = 0; i < 224; i++) allowance.take('cl_a', 1);
    expect(allowance.wantsLease('cl_a', 1)).toBe(false);
    allowance.take('cl_a', 1);
    expect(allowance.wantsLease('cl_a', 1)).toBe(true);
    expect(allowance.want('cl_a', 1)).toBe(285);
    // The same window, now that the counter stands at 5,800: a twentieth of the 200 left.
    allowance.apply('cl_a', 2, lease(10, 5800));
    expect(allowance.want('cl_a', 3)).toBe(10);
    expect(allowance.take('cl_a', 3)).toBe(6000 - 5800 + 84);
  });

  it('refuses once the units leased are spent and the counter has reached the limit, until the window ends', () => {
    const allowance = new QuotaAllowance(5, WINDOW_MS);
    allowance.apply('cl_a', 0, lease(2, 5, 41_500));
    expect([allowance.take('cl_a', 1), allowance.take('cl_a', 1), allowance.take('cl_a', 1)]).toEqual([1, 0, QUOTA_REFUSED]);
    expect(allowance.wantsLease('cl_a', 1)).toBe(false);
    expect(allowance.resetSeconds('cl_a', 1)).toBe(42);
    expect(allowance.take('cl_a', 41_499)).toBe(QUOTA_REFUSED);
    expect(allowance.take('cl_a', 41_500)).toBe(QUOTA_UNKNOWN);
  });

  it('refuses at once when a lease grants nothing', () => {
    const allowance = new QuotaAllowance(5, WINDOW_MS);
    allowance.apply('cl_a', 0, lease(0, 5, 2_000));
    expect(allowance.take('cl_a', 1)).toBe(QUOTA_REFUSED);
    expect(allowance.resetSeconds('cl_a', 1)).toBe(2);
  });

  it('asks again when its units are spent but the counter is below the limit', () => {
    const allowance = new QuotaAllowance(6000, WINDOW_MS);
    allowance.apply('cl_a', 0, lease(1, 1));
    expect(allowance.take('cl_a', 1)).toBe(5999);
    expect(allowance.take('cl_a', 1)).toBe(QUOTA_UNKNOWN);
  });

  it('counts the window from when the lease was sent, so a unit is never spent after the database has ended its window', () => {
    const allowance = new QuotaAllowance(6000, WINDOW_MS);
    // Sent at 1,000 (this replica's clock); the database had 30 s left when it granted.
    allowance.apply('cl_a', 1_000, lease(300, 300, 30_000));
    expect(allowance.take('cl_a', 30_999)).toBe(5999);
    expect(allowance.resetSeconds('cl_a', 30_999)).toBe(1);
    expect(allowance.take('cl_a', 31_000)).toBe(QUOTA_UNKNOWN);
  });

  it('voids what was left of a window once a lease of the next one arrives, and adds a lease of the same window to what it holds', () => {
    const allowance = new QuotaAllowance(6000, WINDOW_MS);
    allowance.apply('cl_a', 0, lease(300, 300, WINDOW_MS, 60_000));
    allowance.apply('cl_a', 5, lease(300, 900, WINDOW_MS - 5, 60_000));
    expect(allowance.take('cl_a', 10)).toBe(6000 - 900 + 599);
    allowance.apply('cl_a', 60_000, lease(300, 300, WINDOW_MS, 120_000));
    expect(allowance.take('cl_a', 60_001)).toBe(5999);
    for (let i = 0; i < 299; i++) allowance.take('cl_a', 60_001);
    expect(allowance.take('cl_a', 60_001)).toBe(QUOTA_UNKNOWN);
  });

  it('keys every share by client: one client at its limit leaves another untouched', () => {
    const allowance = new QuotaAllowance(2, WINDOW_MS);
    allowance.apply('cl_a', 0, lease(0, 2));
    allowance.apply('cl_b', 0, lease(1, 1));
    expect(allowance.take('cl_a', 1)).toBe(QUOTA_REFUSED);
    expect(allowance.take('cl_b', 1)).toBe(1);
  });

  it('never answers a negative figure when the counter is past this replica’s limit', () => {
    const allowance = new QuotaAllowance(10, WINDOW_MS);
    allowance.apply('cl_a', 0, lease(1, 12));
    expect(allowance.take('cl_a', 1)).toBe(0);
  });

  it('holds at most maxClients shares: ended windows go first, then the oldest', () => {
    const allowance = new QuotaAllowance(6000, WINDOW_MS, 2);
    allowance.apply('cl_a', 0, lease(5, 5, 1_000));
    allowance.apply('cl_b', 0, lease(5, 5));
    allowance.apply('cl_c', 2_000, lease(5, 5));
    expect(allowance.clients).toBe(2);
    expect(allowance.take('cl_b', 2_001)).toBe(5999);
    allowance.apply('cl_d', 2_000, lease(5, 5));
    expect(allowance.take('cl_b', 2_001)).toBe(QUOTA_UNKNOWN);
    expect([allowance.take('cl_c', 2_001), allowance.take('cl_d', 2_001)]).toEqual([5999, 5999]);
    allowance.prune(WINDOW_MS + 2_000);
    expect(allowance.clients).toBe(0);
  });

  it.each([1, 2, 3, 5])('lets exactly the limit through across %i replicas that lease from one counter, whatever the order of requests', (replicas) => {
    for (const limit of [1, 7, 64, 6000]) {
      const counter = sharedCounter(limit);
      const allowances = Array.from({ length: replicas }, () => new QuotaAllowance(limit, WINDOW_MS));
      // A fixed pseudo-random order of requests over the replicas (the same every run).
      let seed = 7 * limit + replicas;
      // Its high bits: the low ones of this generator alternate.
      const next = () => Math.floor((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 16);
      let admitted = 0;
      const refusedBy = new Set<number>();
      for (let i = 0; refusedBy.size < replicas && i < limit * 10 + 1000; i++) {
        const r = next() % replicas;
        const allowance = allowances[r];
        let answer = allowance.take('cl_a', 0);
        // Prefetching or waiting, a lease is asked for whenever the allowance says so.
        for (let leases = 0; answer === QUOTA_UNKNOWN && leases < 100; leases++) {
          allowance.apply('cl_a', 0, counter(allowance.want('cl_a', 0), 0));
          answer = allowance.take('cl_a', 0);
        }
        if (answer >= 0) {
          admitted++;
          if (allowance.wantsLease('cl_a', 0) && next() % 2 === 0) allowance.apply('cl_a', 0, counter(allowance.want('cl_a', 0), 0));
        } else {
          expect(answer).toBe(QUOTA_REFUSED);
          refusedBy.add(r);
        }
      }
      expect({ limit, admitted, refusingReplicas: refusedBy.size }).toEqual({ limit, admitted: limit, refusingReplicas: replicas });
    }
  });
});
