import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { startTracing, Tracing } from '@gateway/tracing';
import { runInJobTrace, withTraceContext } from './job-trace-context';

describe('a job in the trace of the request that queued it', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  const tracer = () => trace.getTracer('test');

  beforeAll(() => {
    tracing = startTracing('job-trace-test', { spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  });
  afterAll(() => tracing.stop());
  beforeEach(() => exporter.reset());

  /** The span processor exports a span just after it ends. */
  async function finishedSpans(count: number) {
    for (let i = 0; i < 100 && exporter.getFinishedSpans().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    return exporter.getFinishedSpans();
  }

  async function queuedInRequest(data: object): Promise<object> {
    return tracer().startActiveSpan('POST /organizations/o1/default-inventory-sync', async (span) => {
      const sent = withTraceContext(data);
      span.end();
      return sent;
    });
  }

  it('runs the job in a consumer span of the same trace, its handler given the data it was sent', async () => {
    const sent = await queuedInRequest({ organizationId: 'o1', barcodes: ['8710000000011'] });
    let handled: unknown;
    await runInJobTrace('clarify-inventory-levels', 'job-1', JSON.parse(JSON.stringify(sent)), async (data) => {
      handled = data;
      tracer().startSpan('SELECT').end();
    });

    expect(handled).toEqual({ organizationId: 'o1', barcodes: ['8710000000011'] });
    const [request, query, job] = await finishedSpans(3);
    expect(job.name).toBe('process clarify-inventory-levels');
    expect(job.kind).toBe(SpanKind.CONSUMER);
    expect(job.attributes).toEqual({
      'messaging.system': 'pg-boss',
      'messaging.destination.name': 'clarify-inventory-levels',
      'messaging.message.id': 'job-1',
    });
    expect(job.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(job.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(query.parentSpanContext?.spanId).toBe(job.spanContext().spanId);
  });

  it('records a failed job on its span and fails the job', async () => {
    const sent = await queuedInRequest({ organizationId: 'o1' });
    await expect(runInJobTrace('clarify-inventory-levels', 'job-2', sent, async () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    const job = (await finishedSpans(2)).find((span) => span.kind === SpanKind.CONSUMER)!;
    expect(job.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('leaves a job queued outside any trace as it was', async () => {
    const data = { organizationId: 'o1' };
    expect(withTraceContext(data)).toBe(data);
    let handled: unknown;
    await runInJobTrace('clarify-inventory-levels', 'job-3', data, async (d) => void (handled = d));
    expect(handled).toBe(data);
    expect(await finishedSpans(1)).toEqual([]);
  });
});
