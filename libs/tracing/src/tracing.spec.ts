// Whether tracing starts. What it records is tested on the built gateway as a process (public-gateway
// test/tracing.e2e-spec.ts): Jest's module registry bypasses the instrumentations' require hooks.
import { startTracing, tracingEnabled } from './tracing';

describe('tracingEnabled', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }, true],
    [{ OTEL_SDK_DISABLED: 'false' }, true],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, false],
  ])('%j: %s', (env, enabled) => {
    expect(tracingEnabled(env)).toBe(enabled);
  });

  it('starts nothing when off', async () => {
    const tracing = startTracing('off', { env: {} });
    await expect(tracing.stop()).resolves.toBeUndefined();
  });
});
