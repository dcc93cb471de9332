import { percentile, summarize } from './stats';

describe('benchmark figures', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('merges the rounds of a target and counts every non-2xx answer', () => {
    const figures = summarize([
      { durationSeconds: 2, latenciesMs: [3, 1, 2], statusCounts: { '200': 2, '404': 1 }, errors: 0, timeouts: 0, bytes: 300 },
      { durationSeconds: 2, latenciesMs: [4, 5], statusCounts: { '201': 1, '503': 1 }, errors: 1, timeouts: 1, bytes: 200 },
    ]);
    expect(figures).toEqual({
      requests: 5,
      requestsPerSecond: 1.25,
      p50Ms: 3,
      p99Ms: 5,
      non2xx: 2,
      errors: 2,
      statusCounts: { '200': 2, '201': 1, '404': 1, '503': 1 },
      bytesPerResponse: 100,
    });
  });
});
