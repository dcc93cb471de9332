// The load generator, a child process of the orchestrator (never inside a server under test): runs
// autocannon for each job it is sent over IPC, a warm-up first, and answers every response's latency.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { LoadResult, LoadSpec, WorkerMessage, pathOfRequest } from './load-spec';
import { salesOrderBody } from './load-kit.mjs';

type Request = { path?: string; headers?: Record<string, string>; body?: string | Buffer };
type Setup = <R extends Request>(request: R) => R;

/** Requests sent so far from each path pool (by its first path), across runs: each run goes on where the last stopped. */
const poolRequests = new Map<string, number>();

/** Rewrites each request before it is sent: a fresh sales order and key, the next path of a pool, or the next unused token. */
function setupOf(spec: LoadSpec, tokens: string[] | undefined): Setup | undefined {
  const steps: Setup[] = [];
  const pool = spec.pathPool;
  if (pool) {
    steps.push((request) => {
      const n = poolRequests.get(pool.paths[0]) ?? 0;
      poolRequests.set(pool.paths[0], n + 1);
      return { ...request, path: pathOfRequest(pool, n) };
    });
  }
  const fresh = spec.freshSalesOrders;
  if (fresh) {
    let sequence = 0;
    steps.push((request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
      body: salesOrderBody(`bench-${process.pid}-${++sequence}`, fresh.barcodes),
    }));
  }
  if (spec.freshKeys) steps.push((request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }));
  if (tokens) {
    let next = 0;
    steps.push((request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }));
  }
  return steps.length ? (request) => steps.reduce((r, step) => step(r), request) : undefined;
}

function run(spec: LoadSpec, durationSeconds: number, record: boolean, tokens?: string[], requests?: number): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  let bytes = 0;
  const setupRequest = setupOf(spec, tokens);
  // autocannon ends a run of a set amount of requests at its next one-second sample, and reports that as
  // the run's duration: 4,980 answers in 2.6 s counted as 3 s. Such a run is timed here, to its last answer.
  const amount = tokens ? Math.max(spec.connections, tokens.length - 2 * spec.connections) : requests;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        ...(amount !== undefined ? { amount } : { duration: durationSeconds }),
        timeout: spec.timeoutSeconds,
        requests: [{ method: spec.method, path: spec.path, headers: spec.headers, body: spec.body, ...(setupRequest ? { setupRequest } : {}) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          durationSeconds: amount !== undefined ? (lastAnswerAt - startedAt) / 1000 : result.duration,
          latenciesMs,
          statusCounts,
          errors: result.errors,
          timeouts: result.timeouts,
          bytes,
        });
      },
    );
    if (record) {
      instance.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
        lastAnswerAt = performance.now();
        latenciesMs.push(responseTime);
        statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
        bytes += resBytes;
      });
    }
  });
}

process.on('message', (message: { id: number; spec: LoadSpec }) => {
  const { id, spec } = message;
  const work = async () => {
    const tokens = spec.freshTokens;
    if (tokens ? tokens.warmup.length > 0 : spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds, false, tokens?.warmup);
    return run(spec, spec.durationSeconds, true, tokens?.measured, spec.requests);
  };
  work().then(
    (result) => process.send?.({ id, result } satisfies WorkerMessage),
    (error: Error) => process.send?.({ id, error: error.message } satisfies WorkerMessage),
  );
});
process.on('disconnect', () => process.exit(0));
