// What the orchestrator asks of the load worker, and what it answers.

export interface LoadSpec {
  /** Origin of the server under load, e.g. http://127.0.0.1:3000. */
  url: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Each request a new sales order over random barcodes, with a fresh Idempotency-Key. */
  freshSalesOrders?: { barcodes: string[] };
  /** Each request the same body with a fresh Idempotency-Key (each one creates). */
  freshKeys?: boolean;
  /** Each request to the next path of a pool instead of `path` (see PathPool). */
  pathPool?: PathPool;
  /**
   * Each request a bearer token not sent before: the run makes as many requests as there are tokens
   * (less a margin of two per connection, so that none is sent twice) instead of lasting durationSeconds.
   */
  freshTokens?: { warmup: string[]; measured: string[] };
  connections: number;
  /**
   * A measured run of this many requests, timed from its start to its last answer, instead of lasting
   * durationSeconds: for answers that take a large part of a second, where a run of fixed seconds counts
   * whole answers only and the ones cut off at its end make the figure jump (4 or 5 a second).
   */
  requests?: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Per request, seconds. */
  timeoutSeconds: number;
}

export interface LoadResult {
  durationSeconds: number;
  /** Latency of every completed response, milliseconds. */
  latenciesMs: number[];
  /** Completed responses per HTTP status. */
  statusCounts: Record<string, number>;
  /** Connection errors and timeouts (no response at all). */
  errors: number;
  timeouts: number;
  bytes: number;
}

export type WorkerMessage = { id: number; result: LoadResult } | { id: number; error: string };

/**
 * Paths taken in slices: a slice of `width` paths takes `width * perPath` requests, one path after the other,
 * then the next slice its own paths. The worker counts across its runs, so each run and slice goes on where
 * the last stopped (no path serves two runs); past the last slice it starts over.
 */
export interface PathPool {
  paths: string[];
  width: number;
  perPath: number;
}

/** The path of the pool's n-th request (from 0). */
export function pathOfRequest(pool: PathPool, n: number): string {
  const slice = Math.floor(n / (pool.width * pool.perPath));
  return pool.paths[(slice * pool.width + (n % pool.width)) % pool.paths.length];
}
