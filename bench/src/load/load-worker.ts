// The load generator, a child process of the orchestrator (never inside a server under test): runs
// autocannon for each job it is sent over IPC, a warm-up first, and answers every response's latency.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { LoadResult, LoadSpec, WorkerMessage } from './load-spec';
import { salesOrderBody } from './sales-order-body';

function run(spec: LoadSpec, durationSeconds: number, record: boolean): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  let bytes = 0;
  let sequence = 0;
  const fresh = spec.freshSalesOrders;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: durationSeconds,
        timeout: spec.timeoutSeconds,
        requests: [
          {
            method: spec.method,
            path: spec.path,
            headers: spec.headers,
            body: spec.body,
            ...(fresh
              ? {
                  setupRequest: (request) => ({
                    ...request,
                    headers: { ...request.headers, 'idempotency-key': randomUUID() },
                    body: salesOrderBody(`bench-${process.pid}-${++sequence}`, fresh.barcodes),
                  }),
                }
              : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({ durationSeconds: result.duration, latenciesMs, statusCounts, errors: result.errors, timeouts: result.timeouts, bytes });
      },
    );
    if (record) {
      instance.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
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
    if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds, false);
    return run(spec, spec.durationSeconds, true);
  };
  work().then(
    (result) => process.send?.({ id, result } satisfies WorkerMessage),
    (error: Error) => process.send?.({ id, error: error.message } satisfies WorkerMessage),
  );
});
process.on('disconnect', () => process.exit(0));
