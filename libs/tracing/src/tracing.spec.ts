// Whether tracing starts. What it records is tested on the built gateway as a process (public-gateway
// test/tracing.e2e-spec.ts): Jest's module registry bypasses the instrumentations' require hooks.
import { startTracing, tracingEnabled } from './tracing';

// The SDK module stands in for itself: whether it was loaded, and what it was started with, is what is observed.
const mockSdk = { loaded: 0, started: [] as string[] };
jest.mock('./otel-sdk', () => {
  mockSdk.loaded++;
  return { startSdk: (serviceName: string) => (mockSdk.started.push(serviceName), async () => undefined) };
});

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

  it('starts nothing when off: the SDK is not even loaded', async () => {
    const tracing = startTracing('off', { env: {} });
    await expect(tracing.stop()).resolves.toBeUndefined();
    expect(mockSdk).toEqual({ loaded: 0, started: [] });
  });

  it('loads and starts the SDK when on, named by OTEL_SERVICE_NAME or the gateway', () => {
    startTracing('public-gateway', { env: { OTEL_SDK_DISABLED: 'false' } });
    startTracing('public-gateway', { env: { OTEL_SDK_DISABLED: 'false', OTEL_SERVICE_NAME: 'edge' } });
    expect(mockSdk).toEqual({ loaded: 1, started: ['public-gateway', 'edge'] });
  });
});
