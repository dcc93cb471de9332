// Webhooks share fairly (contract 7): one organization's endpoints, as many as it may have, all slow and
// with a backlog, do not hold back another organization's delivery. The gateway runs with its default
// delivery limits.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { SeededOrganization, TestDatabase, createTestDatabase, seedOrganization, waitUntil, waitUntilAsync, fulfilment } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

/** WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION's default: the most endpoints one organization may have. */
const ENDPOINTS_AT_CAP = 16;
const SLOW_ANSWER_MS = 9_000;
const QUEUED_EVENTS = 30;

describe('webhook delivery shared between organizations', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let gateway: RunningGateway;
  let slowOrg: SeededOrganization;
  let otherOrg: SeededOrganization;
  /** Requests to the slow organization's endpoints not answered yet. */
  let slowInFlight = 0;

  const register = async (organizationId: string, path: string) => {
    const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId });
    const res = await request(gateway.app.getHttpServer())
      .post(`/v0/organizations/${organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url(path), eventTypes: ['inventory_level.changed'] });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, secret: res.body.secret as string, path };
  };
  const receive = (org: SeededOrganization, quantity: number) =>
    fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, quantity);

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    // Stopping gives the slow attempts back instead of waiting for their answers.
    gateway = await startPublicGateway(database.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100', SHUTDOWN_GRACE_MS: '500' });
    slowOrg = await seedOrganization(database.db);
    otherOrg = await seedOrganization(database.db);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it("delivers an organization's event within 8 s while another's endpoints, all of them slow, have a backlog", async () => {
    for (let i = 0; i < ENDPOINTS_AT_CAP; i++) {
      const endpoint = await register(slowOrg.organizationId, `/slow/${i}`);
      receiver.on(endpoint.path, (_req, res) => {
        slowInFlight++;
        const answer = setTimeout(() => res.writeHead(204).end(), SLOW_ANSWER_MS);
        res.on('close', () => {
          slowInFlight--;
          clearTimeout(answer);
        });
      });
    }
    const mine = await register(otherOrg.organizationId, '/other');
    for (let i = 0; i < QUEUED_EVENTS; i++) await receive(slowOrg, 1);
    // The slow organization holds deliveries in flight: every one of them will take 9 s.
    await waitUntil(() => slowInFlight >= 10);
    // And a backlog behind them, once the dispatcher has fanned the events out: more attempts waiting than in flight.
    const pending = async () => {
      const queued = await database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.organization_id = $1 AND a.status = 'PENDING'`,
        [slowOrg.organizationId],
      );
      return queued.rows[0].n;
    };
    await waitUntilAsync(async () => (await pending()) > slowInFlight);

    await receive(otherOrg, 5);
    // The bound the contract promises, waited for as a condition.
    await waitUntil(() => receiver.received.some((r) => r.path === mine.path), 8_000);
    const [delivered] = receiver.received.filter((r) => r.path === mine.path);
    const payload = new Webhook(mine.secret).verify(delivered.body, delivered.headers) as { type: string; data: { barcode: string } };
    expect(payload).toEqual(expect.objectContaining({ type: 'inventory_level.changed', data: expect.objectContaining({ barcode: otherOrg.barcodes[0] }) }));
    // Delivered while the slow organization was still waiting on its receiver, with most of its backlog left.
    expect(slowInFlight).toBeGreaterThan(0);
    expect(receiver.received.filter((r) => r.path.startsWith('/slow/')).length).toBeLessThan(ENDPOINTS_AT_CAP * QUEUED_EVENTS);
  });
});
