// GET /metrics on the internal gateway: on METRICS_PORT only, never on the API port, route templates as labels.
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { freePort } from '@gateway/dev-postgres';
import { ConfigError, createLogger, loadConfig } from '@gateway/platform';
import { ResponseRecorder, TestDatabase, TestIssuer, createTestDatabase, createTestToken, gatewayTestEnv, startTestIssuer } from '@gateway/testing';
import { createInternalGateway } from '../src/app/create-internal-gateway';
import { InternalGatewayConfig } from '../src/app/internal-gateway.config';

describe('metrics of the internal gateway', () => {
  let database: TestDatabase;
  let issuer: TestIssuer;
  let app: NestExpressApplication;
  let metricsPort: number;
  let recorder: ResponseRecorder;

  beforeAll(async () => {
    database = await createTestDatabase();
    issuer = await startTestIssuer(database.url);
    metricsPort = await freePort();
    const config = loadConfig(InternalGatewayConfig, gatewayTestEnv(database.url, { PUBLIC_BASE_URL: issuer.url, METRICS_PORT: String(metricsPort) }));
    app = await createInternalGateway(config, createLogger({ name: 'test', level: 'silent' }));
    recorder = new ResponseRecorder(app);
    await app.init();
  });

  afterAll(async () => {
    // Closing checks every answer of the API port against the served OpenAPI document.
    await recorder.closeAndCheck(app);
    await issuer.close();
    await database.drop();
  });

  it('is not served on the API port', async () => {
    const res = await request(app.getHttpServer()).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('gateway_');
  });

  it('serves the text format on the metrics port, with route templates and no ids', async () => {
    const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'internal' });
    const organizationId = '00000000-0000-4000-8000-000000000000';
    expect((await request(app.getHttpServer()).get(`/organizations/${organizationId}`).set('Authorization', `Bearer ${accessToken}`)).status).toBe(404);
    expect((await request(app.getHttpServer()).get(`/organizations/${organizationId}`)).status).toBe(401);

    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'gateway_http_request_duration_seconds',
      'gateway_db_pool_connections',
      'gateway_db_pool_idle_connections',
      'gateway_db_pool_waiting_queries',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain('gateway_http_request_duration_seconds_count{method="GET",route="/organizations/:organizationId",status_code="404"} 1');
    expect(text).toContain('gateway_http_request_duration_seconds_count{method="GET",route="/organizations/:organizationId",status_code="401"} 1');
    expect(text).not.toContain(organizationId);
    // Its pools are the main and the counters' (the request quota): no webhook delivery pool, which only the public gateway uses.
    expect(text).toContain('gateway_db_pool_connections{pool="main"}');
    expect(text).toContain('gateway_db_pool_connections{pool="counters"}');
    expect(text).not.toContain('pool="webhook_delivery"');
  });

  it('stops serving when the gateway stops, and validates METRICS_PORT at boot', async () => {
    const port = await freePort();
    const config = loadConfig(InternalGatewayConfig, gatewayTestEnv(database.url, { PUBLIC_BASE_URL: issuer.url, METRICS_PORT: String(port) }));
    const other = await createInternalGateway(config, createLogger({ name: 'test', level: 'silent' }));
    await other.init();
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await other.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    expect(() => loadConfig(InternalGatewayConfig, gatewayTestEnv(database.url, { INTERNAL_GATEWAY_PORT: '3001', METRICS_PORT: '3001' }))).toThrow(
      new ConfigError('METRICS_PORT', 'must differ from INTERNAL_GATEWAY_PORT'),
    );
  });
});
