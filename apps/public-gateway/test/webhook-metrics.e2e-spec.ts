// Webhook delivery in the metrics, as an operator reads them after a burst: every attempt counted once by
// its outcome (outcomes are recorded in batches), the lag observed once per delivery, nothing left waiting
// or in flight once all is delivered.
import request from 'supertest';
import { freePort } from '@gateway/dev-postgres';
import { SeededOrganization, TestDatabase, createTestDatabase, seedOrganization, waitUntil, fulfilment } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const EVENTS = 40;

describe('webhook delivery metrics', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let gateway: RunningGateway;
  let org: SeededOrganization;
  let metricsPort: number;

  const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    metricsPort = await freePort();
    gateway = await startPublicGateway(database.url, {
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_DISPATCH_INTERVAL_MS: '100',
      WEBHOOK_RETRY_SCHEDULE: '1',
      METRICS_PORT: String(metricsPort),
    });
    org = await seedOrganization(database.db);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it('counts each attempt once by outcome, observes each delivery once, and ends with nothing waiting or in flight', async () => {
    const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
    for (const path of ['/ok', '/failing']) {
      const res = await request(gateway.app.getHttpServer())
        .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
        .set('Authorization', `Bearer ${token}`)
        .send({ url: receiver.url(path), eventTypes: ['inventory_level.changed'] });
      expect(res.status).toBe(201);
    }
    receiver.on('/failing', (_req, res) => res.writeHead(500).end());
    await Promise.all(
      Array.from({ length: EVENTS }, () =>
        fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1),
      ),
    );
    const at = (path: string) => receiver.received.filter((r) => r.path === path).length;
    // Each event once to /ok; to /failing, the first attempt and its one retry.
    await waitUntil(() => at('/ok') === EVENTS && at('/failing') === 2 * EVENTS, 30_000);
    let text = '';
    const deadline = Date.now() + 10_000;
    do {
      text = await scrape();
      if (sample(text, 'gateway_webhook_queue_depth') === 0 && sample(text, 'gateway_webhook_attempts_total{outcome="failed"}') === 2 * EVENTS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (Date.now() < deadline);
    expect(sample(text, 'gateway_webhook_attempts_total{outcome="succeeded"}')).toBe(EVENTS);
    expect(sample(text, 'gateway_webhook_attempts_total{outcome="failed"}')).toBe(2 * EVENTS);
    expect(sample(text, 'gateway_webhook_delivery_lag_seconds_count')).toBe(EVENTS);
    // Freshness: one first attempt per event and endpoint (the retries to /failing are not first attempts), all
    // well within the objective's 60 s.
    expect(sample(text, 'gateway_webhook_first_attempt_lag_seconds_count')).toBe(2 * EVENTS);
    expect(sample(text, 'gateway_webhook_first_attempt_lag_seconds_bucket{le="60"}')).toBe(2 * EVENTS);
    expect(sample(text, 'gateway_webhook_endpoints_auto_disabled_total')).toBe(0);
    expect(sample(text, 'gateway_webhook_attempt_duration_seconds_count{outcome="succeeded"}')).toBe(EVENTS);
    expect(sample(text, 'gateway_webhook_queue_depth')).toBe(0);
    expect(sample(text, 'gateway_webhook_oldest_due_attempt_age_seconds')).toBe(0);
    expect(sample(text, 'gateway_webhook_deliveries_in_flight')).toBe(0);
    // Nothing was sent twice.
    expect(new Set(receiver.received.filter((r) => r.path === '/ok').map((r) => r.headers['webhook-id'])).size).toBe(EVENTS);
  });
});
