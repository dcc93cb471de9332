// GET /metrics: served in the Prometheus text format on METRICS_PORT only, never on the API port;
// requests counted per route template (ids never become labels), tokens, 429s, pool, replays.
import request from 'supertest';
import { freePort } from '@gateway/dev-postgres';
import { ConfigError, loadConfig } from '@gateway/platform';
import { SeededOrganization, createTestClient, gatewayTestEnv, seedOrganization, useTestGateway } from '@gateway/testing';
import { PublicGatewayConfig } from '../src/app/public-gateway.config';
import { startPublicGateway } from './support/start-public-gateway';

describe('metrics of the public gateway', () => {
  let metricsPort: number;
  let org: SeededOrganization;
  const { database, gateway } = useTestGateway(async (databaseUrl) => {
    metricsPort = await freePort();
    return startPublicGateway(databaseUrl, { METRICS_PORT: String(metricsPort), TOKEN_RATE_LIMIT_PER_MINUTE: '1' });
  });

  beforeAll(async () => {
    org = await seedOrganization(database.db);
  });

  const http = () => request(gateway.app.getHttpServer());
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
  };
  /** The value of one sample line, e.g. `gateway_tokens_minted_total{audience="public"}`. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('is not served on the API port', async () => {
    const res = await http().get('/metrics');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.text).not.toContain('gateway_');
  });

  it('serves the text format on the metrics port, with the expected metrics after a few requests', async () => {
    // Counters are compared with a scrape taken first: what other cases of this file did (in any order) does not count.
    const before = (await scrape()).text;
    const client = await createTestClient(database.url, { type: 'SERVICE' });
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }).toString();
    const minted = await http().post('/oauth2/token').type('form').send(form);
    expect(minted.status).toBe(200);
    // TOKEN_RATE_LIMIT_PER_MINUTE is 1 here: the second token of the minute is refused.
    expect((await http().post('/oauth2/token').type('form').send(form)).status).toBe(429);
    const auth = { Authorization: `Bearer ${minted.body.access_token}` };
    expect((await http().get('/v0/whoami').set(auth)).status).toBe(200);
    expect((await http().get(`/v0/organizations/${org.organizationId}/inventory`).set(auth)).status).toBe(200);
    const path = `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`;
    const order = { orderReference: 'metrics', customer: { firstName: 'Ada' }, lineItems: [{ sku: 'x', barcode: org.barcodes[0], quantity: 1 }] };
    expect((await http().post(path).set(auth).set('Idempotency-Key', 'metrics-1').send(order)).status).toBe(201);
    expect((await http().post(path).set(auth).set('Idempotency-Key', 'metrics-1').send(order)).headers['idempotent-replayed']).toBe('true');
    expect((await http().get('/v0/no-such-path')).status).toBe(404);

    const { status, contentType, text } = await scrape();
    const added = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    expect(status).toBe(200);
    expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'gateway_http_request_duration_seconds',
      'gateway_tokens_minted_total',
      'gateway_rate_limit_refusals_total',
      'gateway_db_pool_connections',
      'gateway_db_pool_idle_connections',
      'gateway_db_pool_waiting_queries',
      'gateway_idempotent_replays_total',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(added('gateway_tokens_minted_total{audience="public"}')).toBe(1);
    expect(added('gateway_rate_limit_refusals_total{limit="token_minting"}')).toBe(1);
    expect(added('gateway_idempotent_replays_total{operation="createSalesOrder"}')).toBe(1);
    expect(added('gateway_http_request_duration_seconds_count{method="GET",route="/v0/whoami",status_code="200"}')).toBe(1);
    expect(added('gateway_http_request_duration_seconds_count{method="GET",route="/v0/organizations/:organizationId/inventory",status_code="200"}')).toBe(1);
    expect(
      added(
        'gateway_http_request_duration_seconds_count{method="POST",route="/v0/organizations/:organizationId/stores/:storeId/sales-orders",status_code="201"}',
      ),
    ).toBe(2);
    expect(added('gateway_http_request_duration_seconds_count{method="POST",route="/oauth2/token",status_code="429"}')).toBe(1);
    expect(added('gateway_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(sample(text, 'gateway_db_pool_connections{pool="main"}')).toBeGreaterThan(0);
    expect(sample(text, 'gateway_db_pool_waiting_queries{pool="main"}')).toBe(0);
    // The webhook delivery workers' own pool is reported with the others (WebhooksModule brings it).
    expect(text).toContain('gateway_db_pool_connections{pool="webhook_delivery"}');
    // Readiness as the probe sees it, and the active signing key's age (the gateway made one at boot).
    expect(sample(text, 'gateway_ready')).toBe(1);
    expect(sample(text, 'gateway_readiness_check_up{check="database"}')).toBe(1);
    expect(sample(text, 'gateway_readiness_check_up{check="keySet"}')).toBe(1);
    expect(sample(text, 'gateway_signing_key_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'gateway_signing_key_age_seconds')).toBeLessThan(3600);
    // Ids are never labels: neither the organization nor the store appears anywhere.
    expect(text).not.toContain(org.organizationId);
    expect(text).not.toContain(org.storeId);
  });

  it('answers 404 on the metrics port for anything but GET /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('validates METRICS_PORT at boot', () => {
    const env = (value: string) => gatewayTestEnv(database.url, { PUBLIC_GATEWAY_PORT: '3000', METRICS_PORT: value });
    expect(() => loadConfig(PublicGatewayConfig, env('metrics'))).toThrow(new ConfigError('METRICS_PORT', 'must be a port number between 1 and 65535'));
    expect(() => loadConfig(PublicGatewayConfig, env('3000'))).toThrow(new ConfigError('METRICS_PORT', 'must differ from PUBLIC_GATEWAY_PORT'));
    expect(loadConfig(PublicGatewayConfig, env('9464'))).toEqual(expect.objectContaining({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' }));
    expect(loadConfig(PublicGatewayConfig, gatewayTestEnv(database.url)).METRICS_PORT).toBeUndefined();
    expect(() => loadConfig(PublicGatewayConfig, gatewayTestEnv(database.url, { METRICS_HOST: 'everywhere' }))).toThrow('METRICS_HOST must be an IP address');
  });
});
