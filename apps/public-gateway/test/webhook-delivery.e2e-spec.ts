// Webhook delivery (contract 6.3), as a receiver on 127.0.0.1 sees it: every request verified with the
// standardwebhooks package and its body checked against the document's `webhooks` section; an order's life
// (created, allocated, shipped), a cancel, an inventory change, retries with one webhook-id, a connector's
// endpoint, refused targets, redirects, the deliveries listing, and deleting an endpoint.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  DnsTestServer,
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  createTestDatabase,
  placeSalesOrder,
  seedOrganization,
  startDnsTestServer,
  waitUntil,
  fulfilment,
} from '@gateway/testing';
import { callerTokens } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { ReceivedWebhook, WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const DELIVERIES = '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/deliveries';
const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };

interface Endpoint {
  id: string;
  secret: string;
}

describe('webhook delivery', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let dns: DnsTestServer;
  let org: SeededOrganization;
  let validator: OpenApiValidator;
  let tokens: Record<string, string>;
  let path = 0;

  const http = () => request(gateway.app.getHttpServer());
  const register = async (eventTypes: string[], options: { who?: string; url?: string } = {}): Promise<Endpoint & { path: string }> => {
    const hookPath = `/hooks/${++path}`;
    const res = await http()
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${tokens[options.who ?? 'organization']}`)
      .send({ url: options.url ?? receiver.url(hookPath), eventTypes });
    expect(res.status).toBe(201);
    return { id: res.body.id, secret: res.body.secret, path: hookPath };
  };
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);
  /** Verifies the request as a receiver would, checks it against the document, and answers its payload. */
  const verified = (endpoint: Endpoint, received: ReceivedWebhook) => {
    const payload = new Webhook(endpoint.secret).verify(received.body, received.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(validator.webhookErrors(payload.type, payload)).toEqual([]);
    return payload;
  };
  const deliveries = async (endpoint: Endpoint) => {
    const res = await http()
      .get(`/v0/organizations/${org.organizationId}/webhook-endpoints/${endpoint.id}/deliveries`)
      .set('Authorization', `Bearer ${tokens.organization}`);
    expect(res.status).toBe(200);
    expect(validator.errors('GET', DELIVERIES, 200, res.body)).toEqual([]);
    return res.body.items as {
      eventId: string;
      eventType: string;
      attempt: number;
      status: string;
      responseStatus: number | null;
      attemptedAt: string | null;
      nextAttemptAt: string | null;
    }[];
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    // Webhook names are asked of this name server only: loopback.test is 127.0.0.2, anything else NXDOMAIN.
    dns = await startDnsTestServer({ 'loopback.test': { A: ['127.0.0.2'] } });
    gateway = await startPublicGateway(database.url, { ...WEBHOOK_ENV, WEBHOOK_DNS_SERVERS: dns.address });
    org = await seedOrganization(database.db);
    tokens = await callerTokens(gateway, database.url, org);
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await dns.close();
    await database.drop();
  });

  it('delivers an order created, allocated and shipped, each request signed and as documented', async () => {
    const endpoint = await register(['sales_order.created', 'sales_order.shipped', 'fulfilment_order.status_changed']);
    const created = await http()
      .post(`/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`)
      .set('Authorization', `Bearer ${tokens.service}`)
      .send({ orderReference: 'WEBHOOK-1', customer: { firstName: 'Ada' }, lineItems: [{ sku: 'x', barcode: org.barcodes[0], quantity: 2 }] });
    expect(created.status).toBe(201);
    const { id: salesOrderId, fulfilmentOrderId } = created.body;
    await waitUntil(() => at(endpoint.path).length === 1);
    await fulfilment(database.db).allocate(org.organizationId, fulfilmentOrderId);
    await waitUntil(() => at(endpoint.path).length === 2);
    await fulfilment(database.db).ship(org.organizationId, fulfilmentOrderId);
    await waitUntil(() => at(endpoint.path).length === 5);

    const payloads = at(endpoint.path).map((r) => verified(endpoint, r));
    // Each stage was waited for; the three webhooks of shipping (picking started and shipped commit together) arrive in any order.
    const summary = payloads.map((p) => [p.type, p.data.id, p.data.fulfilmentStatus]);
    expect(summary.slice(0, 2)).toEqual([
      ['sales_order.created', salesOrderId, 'OPEN'],
      ['fulfilment_order.status_changed', salesOrderId, 'ALLOCATED'],
    ]);
    // The data is the order when the event is fanned out: picking and shipping commit together, so all show SHIPPED.
    expect(summary.slice(2).sort()).toEqual([
      ['fulfilment_order.status_changed', salesOrderId, 'SHIPPED'],
      ['fulfilment_order.status_changed', salesOrderId, 'SHIPPED'],
      ['sales_order.shipped', salesOrderId, 'SHIPPED'],
    ]);
    // The data is the order as GET answers it.
    const read = await http()
      .get(`/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders/${salesOrderId}`)
      .set('Authorization', `Bearer ${tokens.service}`);
    const shipped = payloads.find((p) => p.type === 'sales_order.shipped');
    expect(shipped?.data).toEqual(read.body);
    expect(shipped?.data.status).toBe('SHIPPED');
    const ids = at(endpoint.path).map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(5);
    expect(at(endpoint.path).every((r) => r.headers['content-type'] === 'application/json')).toBe(true);
    writeDeliveryLog(at(endpoint.path));
    // Outcomes are recorded in batches just after the answers.
    let listed: Awaited<ReturnType<typeof deliveries>> = [];
    await waitUntilAsync(async () => (listed = await deliveries(endpoint)).filter((d) => d.status !== 'PENDING').length === 5);
    expect(listed).toHaveLength(5);
    expect(
      listed.every((d) => d.status === 'SUCCEEDED' && d.responseStatus === 204 && d.attempt === 1 && d.attemptedAt !== null && d.nextAttemptAt === null),
    ).toBe(true);
    expect(listed.map((d) => d.eventId).sort()).toEqual([...ids].sort());
  });

  it('delivers a cancel: sales_order.cancelled with the order CANCELLED', async () => {
    const endpoint = await register(['sales_order.cancelled']);
    const order = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[1], quantity: 1 }]);
    await fulfilment(database.db).cancel(org.organizationId, order.fulfilmentOrderId);
    await waitUntil(() => at(endpoint.path).length === 1);
    const payload = verified(endpoint, at(endpoint.path)[0]);
    expect(payload).toEqual({
      type: 'sales_order.cancelled',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      environment: 'live',
      data: expect.objectContaining({ id: order.salesOrderId, status: 'CANCELLED', fulfilmentStatus: 'CANCELLED' }),
    });
  });

  it('delivers an inventory change: the public inventory entry with its warehouse', async () => {
    const endpoint = await register(['inventory_level.changed']);
    await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 7);
    await waitUntil(() => at(endpoint.path).length === 1);
    const inventory = await http().get(`/v0/organizations/${org.organizationId}/inventory`).set('Authorization', `Bearer ${tokens.organization}`);
    const entry = inventory.body.items
      .find((g: { warehouseId: string }) => g.warehouseId === org.warehouseId)
      .items.find((i: { barcode: string }) => i.barcode === org.barcodes[0]);
    expect(verified(endpoint, at(endpoint.path)[0])).toEqual({
      type: 'inventory_level.changed',
      timestamp: expect.any(String),
      environment: 'live',
      data: { warehouseId: org.warehouseId, ...entry },
    });
  });

  it('retries a receiver that fails twice: three attempts, one webhook-id, recorded in the deliveries', async () => {
    const endpoint = await register(['inventory_level.changed']);
    let calls = 0;
    receiver.on(endpoint.path, (_req, res) => res.writeHead(++calls <= 2 ? 503 : 200).end('ok'));
    await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[1] }, 1);
    await waitUntil(() => at(endpoint.path).length === 3);
    const attempts = at(endpoint.path);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    attempts.forEach((r) => verified(endpoint, r));
    // The schedule's 1 s between attempts.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
    let listed: Awaited<ReturnType<typeof deliveries>> = [];
    await waitUntilAsync(async () => (listed = await deliveries(endpoint)).some((d) => d.status === 'SUCCEEDED'));
    expect(listed.map((d) => [d.attempt, d.status, d.responseStatus])).toEqual([
      [3, 'SUCCEEDED', 200],
      [2, 'FAILED', 503],
      [1, 'FAILED', 503],
    ]);
    expect(listed[1].nextAttemptAt).not.toBeNull();
    expect(listed[0].nextAttemptAt).toBeNull();
  });

  it("gives a connector's endpoint only the events of its connections' stores", async () => {
    const own = await register(['sales_order.created'], { who: 'connector' });
    const all = await register(['sales_order.created']);
    const behind = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId: org.storeId }, [
      { barcode: org.barcodes[0], quantity: 1 },
    ]);
    const other = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId: org.otherStoreId }, [
      { barcode: org.barcodes[0], quantity: 1 },
    ]);
    await waitUntil(() => at(all.path).length === 2 && at(own.path).length === 1);
    // Both events are fanned out (the other endpoint heard of both): the connector's endpoint has its one delivery, and no other.
    const written = await database.db.query('SELECT event_id FROM webhook_deliveries WHERE endpoint_id = $1', [own.id]);
    expect(written.rows).toHaveLength(1);
    expect(at(own.path).map((r) => verified(own, r).data.id)).toEqual([behind.salesOrderId]);
    // Deliveries run in parallel workers: two events committed close together arrive in any order.
    expect(
      at(all.path)
        .map((r) => verified(all, r).data.id)
        .sort(),
    ).toEqual([behind.salesOrderId, other.salesOrderId].sort());
  });

  it('refuses targets that resolve outside the allow-list or not at all, sending nothing', async () => {
    // A listener on 127.0.0.2, which loopback.test resolves to and the allow-list (127.0.0.1) does not name:
    // were the allow-list not applied, the gateway would connect to it.
    const outside = createServer((_req, res) => res.writeHead(204).end());
    let connections = 0;
    outside.on('connection', () => connections++);
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.2', resolve));
    const port = (outside.address() as AddressInfo).port;
    const reasons = jest.spyOn(Logger.prototype, 'log');
    try {
      const loopback = await register(['inventory_level.changed'], { url: `https://loopback.test:${port}/hook` });
      const unresolvable = await register(['inventory_level.changed'], { url: 'https://hooks.example.invalid/hook' });
      await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1);
      for (const endpoint of [loopback, unresolvable]) {
        await waitUntilAsync(async () => (await deliveries(endpoint)).some((d) => d.status === 'FAILED'));
        const [latest] = (await deliveries(endpoint)).filter((d) => d.status === 'FAILED');
        expect(latest).toEqual(expect.objectContaining({ attempt: 1, status: 'FAILED', responseStatus: null }));
      }
      const logged = reasons.mock.calls.map(([message]) => String(message));
      expect(logged).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`attempt 1 to endpoint ${loopback.id} failed \\(the host loopback.test resolves to 127.0.0.2, which is not a public address\\)`),
          ),
          expect.stringMatching(new RegExp(`attempt 1 to endpoint ${unresolvable.id} failed \\(the host hooks.example.invalid could not be resolved\\)`)),
        ]),
      );
      expect(connections).toBe(0);
      // Resolved by the name servers (A and AAAA), not by getaddrinfo.
      expect(dns.questions).toEqual(expect.arrayContaining(['loopback.test A', 'loopback.test AAAA', 'hooks.example.invalid A', 'hooks.example.invalid AAAA']));
    } finally {
      reasons.mockRestore();
      await new Promise((resolve) => outside.close(resolve));
    }
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const endpoint = await register(['inventory_level.changed']);
    receiver.on(endpoint.path, (_req, res) => res.writeHead(307, { location: `${endpoint.path}/moved` }).end());
    await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1);
    await waitUntilAsync(async () => (await deliveries(endpoint)).some((d) => d.status === 'FAILED'));
    expect((await deliveries(endpoint)).find((d) => d.attempt === 1)).toEqual(expect.objectContaining({ status: 'FAILED', responseStatus: 307 }));
    expect(receiver.received.some((r) => r.path === `${endpoint.path}/moved`)).toBe(false);
  });

  it('stops the pending retries of a deleted endpoint', async () => {
    const endpoint = await register(['inventory_level.changed']);
    receiver.on(endpoint.path, (_req, res) => res.writeHead(500).end());
    await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1);
    await waitUntil(() => at(endpoint.path).length === 1);
    const res = await http()
      .delete(`/v0/organizations/${org.organizationId}/webhook-endpoints/${endpoint.id}`)
      .set('Authorization', `Bearer ${tokens.organization}`);
    expect(res.status).toBe(204);
    // The workers deliver only what the attempts table holds, and nothing of the endpoint is left there: no
    // retry waits (the schedule would retry after 1 s, then 1 s more).
    const left = await database.db.query(
      `SELECT (SELECT count(*) FROM webhook_delivery_attempts WHERE endpoint_id = $1)::int AS attempts, (SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $1)::int AS deliveries`,
      [endpoint.id],
    );
    expect(left.rows[0]).toEqual({ attempts: 0, deliveries: 0 });
    expect(at(endpoint.path)).toHaveLength(1);
  });

  it('answers 404 for the deliveries of an unknown endpoint, and 403 to a member', async () => {
    const missing = await http()
      .get(`/v0/organizations/${org.organizationId}/webhook-endpoints/00000000-0000-4000-8000-000000000000/deliveries`)
      .set('Authorization', `Bearer ${tokens.organization}`);
    expect(missing.status).toBe(404);
    const endpoint = await register(['sales_order.created']);
    const member = await http()
      .get(`/v0/organizations/${org.organizationId}/webhook-endpoints/${endpoint.id}/deliveries`)
      .set('Authorization', `Bearer ${tokens.member}`);
    expect(member.status).toBe(403);
  });
});

async function waitUntilAsync(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The delivery log of the closing note: one order from creation to shipping as the receiver saw it, secrets elided. */
function writeDeliveryLog(requests: ReceivedWebhook[]): void {
  const lines = requests.map((r) => {
    const headers = Object.entries(r.headers)
      .filter(([k]) => k.startsWith('webhook-') || k === 'content-type' || k === 'user-agent')
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    return `POST ${r.path} at ${new Date(r.at).toISOString()}\n${headers}\n\n${JSON.stringify(JSON.parse(r.body), null, 2)}\n`;
  });
  const text = `Delivery log: one sales order from creation to shipping, as the receiver saw it (the endpoint secret is never sent; signatures are HMACs of it).\n\n${lines.join('\n')}`;
  // Written only when asked for (WEBHOOK_DELIVERY_LOG=<file>), e.g. to show a delivery in a closing note.
  const target = process.env.WEBHOOK_DELIVERY_LOG;
  if (target) writeFileSync(target, text);
}
