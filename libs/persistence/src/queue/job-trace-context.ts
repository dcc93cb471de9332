// A job carries the trace context of the request that queued it, and its run continues that trace (a consumer
// span whose database queries are its children). Without tracing the context is empty and the data unchanged.
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

const TRACE_FIELD = '_trace';
const tracer = trace.getTracer('gateway-job-queue');

export function withTraceContext<T extends object>(data: T): T {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length ? { ...data, [TRACE_FIELD]: carrier } : data;
}

/** Runs a job's handler in a span continuing the queuing request's trace; the handler sees the data it was sent. */
export function runInJobTrace(queue: string, jobId: string, data: unknown, handle: (data: unknown) => Promise<void>): Promise<void> {
  if (typeof data !== 'object' || data === null || !(TRACE_FIELD in data)) return handle(data);
  const { [TRACE_FIELD]: carrier, ...sent } = data as Record<string, unknown>;
  const parent = propagation.extract(context.active(), carrier);
  const attributes = { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue, 'messaging.message.id': jobId };
  return tracer.startActiveSpan(`process ${queue}`, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
    try {
      await handle(sent);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
