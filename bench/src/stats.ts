// Figures of one target in one scenario, from the raw responses of all its rounds.
import { LoadResult } from './load/load-spec';

export interface Figures {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses whose status was not 2xx, and requests that got no response at all. */
  non2xx: number;
  errors: number;
  statusCounts: Record<string, number>;
  bytesPerResponse: number;
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(runs: LoadResult[]): Figures {
  const latencies = runs.flatMap((r) => r.latenciesMs).sort((a, b) => a - b);
  const statusCounts: Record<string, number> = {};
  for (const run of runs) for (const [status, count] of Object.entries(run.statusCounts)) statusCounts[status] = (statusCounts[status] ?? 0) + count;
  const requests = latencies.length;
  const seconds = runs.reduce((sum, r) => sum + r.durationSeconds, 0);
  const non2xx = Object.entries(statusCounts).reduce((sum, [status, count]) => (status.startsWith('2') ? sum : sum + count), 0);
  const bytes = runs.reduce((sum, r) => sum + r.bytes, 0);
  return {
    requests,
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    non2xx,
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    statusCounts,
    bytesPerResponse: requests > 0 ? bytes / requests : 0,
  };
}
