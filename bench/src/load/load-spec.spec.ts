import { pathOfRequest } from './load-spec';
import { RETURNS_PER_ORDER, returnableOrderCount } from '../returnable-order';

describe('pathOfRequest', () => {
  const pool = { paths: ['a', 'b', 'c', 'd', 'e'], width: 2, perPath: 3 };

  it('gives each slice its own paths, side by side, each path perPath requests, and starts over past the last', () => {
    const taken = Array.from({ length: 16 }, (_, n) => pathOfRequest(pool, n)).join('');
    // Slices of 2 paths x 3 requests: ab ab ab, cd cd cd, then e and a (the pool's end wraps round to its start).
    expect(taken).toBe('ababab' + 'cdcdcd' + 'eaea');
  });

  it('sends no path more than perPath requests while the pool lasts', () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 4 * 3; n++) counts.set(pathOfRequest(pool, n), (counts.get(pathOfRequest(pool, n)) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ a: 3, b: 3, c: 3, d: 3 });
  });
});

describe('returnableOrderCount', () => {
  it('covers every run of a scenario at 500 requests a second, in whole slices', () => {
    // 2 rounds of (2 runs of 1 + 5 s, 2 warm-ups of 1 + 4 s, 2 x 5 s of slices) = 64 s, at 500 a second.
    const count = returnableOrderCount({ BENCH_ROUNDS: 2, BENCH_DURATION_SECONDS: 5, BENCH_WARMUP_SECONDS: 1 });
    expect(count).toBe(1_600);
    expect(count * RETURNS_PER_ORDER).toBeGreaterThanOrEqual(64 * 500);
  });
});
