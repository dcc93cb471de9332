// The OpenTelemetry SDK of a gateway process with its instrumentations (http, express, pg, pino), exporting
// over OTLP. Loaded by startTracing only when tracing is on: once loaded these packages hold heap and resident
// memory a gateway with tracing off has no use for (docs/decisions/scaling.md#the-footprint-per-replica).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { Span } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { REQUEST_ID_ATTRIBUTE } from './tracing';
import { incomingUrlAttributes, outgoingUrlAttributes } from './url-attributes';

const UNTRACED_PATHS = ['/health/live', '/health/ready', '/metrics'];

/** Starts the SDK; `spanProcessors` replaces the OTLP exporter. Returns its shutdown. */
export function startSdk(serviceName: string, spanProcessors: SpanProcessor[] | undefined): () => Promise<void> {
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: gatewayInstrumentations(),
    spanProcessors,
    // Traces only: the gateways' metrics are Prometheus (METRICS_PORT), their logs JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return () => sdk.shutdown();
}

function gatewayInstrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.includes((request.url ?? '').split('?')[0]),
      // url.query with credentials redacted, as in the log line; a client span's url.full is the target's origin only.
      startIncomingSpanHook: incomingUrlAttributes,
      startOutgoingSpanHook: outgoingUrlAttributes,
      applyCustomAttributesOnSpan: (span: Span, _request: unknown, response: IncomingMessage | ServerResponse) => {
        const requestId = 'getHeader' in response ? response.getHeader('x-request-id') : undefined;
        if (typeof requestId === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
      },
    }),
    // Nest routes through express: its middleware and route handlers are express layers (the nestjs-core
    // instrumentation supports Nest below 12 only).
    new ExpressInstrumentation(),
    // Only queries made on behalf of a traced request or job: the job queue's polling stays out of the traces.
    new PgInstrumentation({ requireParentSpan: true }),
    new PinoInstrumentation(),
  ];
}
