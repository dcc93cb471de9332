// OpenTelemetry traces of a gateway process (the http, express, pg and pino instrumentations), exported
// over OTLP. Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set or
// OTEL_SDK_DISABLED=false; every other OTEL_* variable keeps its standard meaning (protocol, headers, sampler...).
// Started before anything it instruments is loaded: the instrumentations patch modules as they are required, which
// works for our webpack bundles because they leave node_modules external (see docs/decisions/deployment.md).
// The SDK itself (otel-sdk.ts) is loaded only when tracing is on.
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

/** The attribute of a server span holding the request's id (the X-Request-Id the gateway answered with). */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';

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
  // Synchronous on purpose: the instrumentations must patch before the gateway's modules are loaded.
  const { startSdk } = require('./otel-sdk') as typeof import('./otel-sdk');
  return { stop: startSdk(env.OTEL_SERVICE_NAME || serviceName, options.spanProcessors) };
}
