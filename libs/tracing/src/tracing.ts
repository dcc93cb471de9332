// OpenTelemetry traces of a gateway process (the http, express, pg and pino instrumentations), exported
// over OTLP. Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set or
// OTEL_SDK_DISABLED=false; every other OTEL_* variable keeps its standard meaning (protocol, headers, sampler...).
// Started before anything it instruments is loaded: the instrumentations patch modules as they are required, which
// works for our webpack bundles because they leave node_modules external (see docs/decisions.md, "Deployment").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { Span } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';

/** The attribute of a server span holding the request's id (the X-Request-Id the gateway answered with). */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';
const UNTRACED_PATHS = ['/health/live', '/health/ready', '/metrics'];

export interface Tracing {
  /** Exports the spans still buffered; the gateway calls it after draining, before it exits. */
  stop(): Promise<void>;
}

export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return env.OTEL_SDK_DISABLED === 'false' || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** `spanProcessors` replaces the OTLP exporter (tests pass an in-memory one, which also turns tracing on). */
export function startTracing(serviceName: string, options: { env?: NodeJS.ProcessEnv; spanProcessors?: SpanProcessor[] } = {}): Tracing {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !tracingEnabled(env)) return { stop: async () => undefined };
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || serviceName,
    instrumentations: gatewayInstrumentations(),
    spanProcessors: options.spanProcessors,
    // Traces only: the gateways' metrics are Prometheus (METRICS_PORT), their logs JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { stop: () => sdk.shutdown() };
}

function gatewayInstrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.includes((request.url ?? '').split('?')[0]),
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
