// Operating a webhook endpoint (contract 6.5), as a receiver on 127.0.0.1 sees it: a disabled endpoint is sent
// nothing and loses its pending retries, and enabled again hears only of what happens from then on; a test
// event to one endpoint, signed, retried and listed like any delivery, not in the feed; a secret rolled
// without an overlap; recover since a date, successful deliveries included, each with its original
// webhook-id, an event that never had a delivery given one, a pending retry started over, a connector's
// scope kept. Every answer is checked against the OpenAPI document, every request verified as a receiver would.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  createTestDatabase,
  placeSalesOrder,
  seedOrganization,
  waitUntil,
  waitUntilAsync,
  fulfilment,
} from '@gateway/testing';
import { callerTokens } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { ReceivedWebhook, WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const BASE = '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}';
// A failed attempt is retried after 2 s, then after 600 s (long enough to be seen waiting), then given up.
const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '2,600', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };

interface Endpoint {
  id: string;
  secret: string;
  path: string;
}

interface Attempt {
  eventId: string;
  eventType: string;
  attempt: number;
  status: string;
  responseStatus: number | null;
  nextAttemptAt: string | null;
}

describe('webhook operations', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let validator: OpenApiValidator;
  let hooks = 0;

  const http = () => request(gateway.app.getHttpServer());
  const checked = (method: string, template: string, res: request.Response) => {
    if (res.headers['content-type'])
      expect(validator.errors(method, template, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);
  const idsAt = (hookPath: string) => at(hookPath).map((r) => r.headers['webhook-id']);
  /** Verifies the request as a receiver would, checks it against the document, and answers its payload. */
  const verified = (secret: string, received: ReceivedWebhook) => {
    const payload = new Webhook(secret).verify(received.body, received.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(validator.webhookErrors(payload.type, payload)).toEqual([]);
    return payload;
  };

  /** An organization of its own, with a token of each kind of caller. */
  const organization = async () => {
    const org = await seedOrganization(database.db);
    return { org, tokens: await callerTokens(gateway, database.url, org) };
  };
  const register = async (org: SeededOrganization, token: string, eventTypes: string[]): Promise<Endpoint> => {
    const hookPath = `/operations/${++hooks}`;
    const res = await http()
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url(hookPath), eventTypes });
    expect(res.status).toBe(201);
    return { id: res.body.id, secret: res.body.secret, path: hookPath };
  };
  const endpointPath = (org: SeededOrganization, endpoint: { id: string }) => `/v0/organizations/${org.organizationId}/webhook-endpoints/${endpoint.id}`;
  const patch = async (org: SeededOrganization, token: string, endpoint: { id: string }, body: object) =>
    checked('PATCH', BASE, await http().patch(endpointPath(org, endpoint)).set('Authorization', `Bearer ${token}`).send(body));
  const sendTest = async (org: SeededOrganization, token: string, endpoint: { id: string }) =>
    checked(
      'POST',
      `${BASE}/test`,
      await http()
        .post(`${endpointPath(org, endpoint)}/test`)
        .set('Authorization', `Bearer ${token}`),
    );
  const recover = async (org: SeededOrganization, token: string, endpoint: { id: string }, body: object) =>
    checked(
      'POST',
      `${BASE}/recover`,
      await http()
        .post(`${endpointPath(org, endpoint)}/recover`)
        .set('Authorization', `Bearer ${token}`)
        .send(body),
    );
  const attempts = async (org: SeededOrganization, token: string, endpoint: { id: string }): Promise<Attempt[]> => {
    const res = checked(
      'GET',
      `${BASE}/deliveries`,
      await http()
        .get(`${endpointPath(org, endpoint)}/deliveries`)
        .set('Authorization', `Bearer ${token}`),
    );
    expect(res.status).toBe(200);
    return res.body.items;
  };
  /** The organization's events as the feed lists them (every page). */
  const feed = async (org: SeededOrganization, token: string, query: Record<string, string> = {}) => {
    const items: { id: string; type: string; timestamp: string; data: Record<string, unknown> }[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = checked(
        'GET',
        '/v0/organizations/{organizationId}/events',
        await http()
          .get(`/v0/organizations/${org.organizationId}/events`)
          .query({ ...query, limit: '100', ...(cursor ? { cursor } : {}) })
          .set('Authorization', `Bearer ${token}`),
      );
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    return items;
  };
  const level = (org: SeededOrganization, barcode = org.barcodes[0]) => ({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode });

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it('sends nothing to a disabled endpoint and drops its pending retry; enabled again, it hears what happens from then on and not what happened meanwhile', async () => {
    const { org, tokens } = await organization();
    const endpoint = await register(org, tokens.organization, ['inventory_level.changed']);
    let failing = true;
    receiver.on(endpoint.path, (_req, res) => res.writeHead(failing ? 500 : 204).end());
    await fulfilment(database.db).receive(level(org), 1);
    // Two failed attempts, the third waiting for its 600 s.
    await waitUntilAsync(async () => (await attempts(org, tokens.organization, endpoint)).some((a) => a.attempt === 3 && a.status === 'PENDING'));
    const [first] = idsAt(endpoint.path);

    const disabled = await patch(org, tokens.organization, endpoint, { enabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual(expect.objectContaining({ id: endpoint.id, enabled: false, disabledReason: 'MANUAL' }));
    expect((await attempts(org, tokens.organization, endpoint)).map((a) => [a.attempt, a.status])).toEqual([
      [2, 'FAILED'],
      [1, 'FAILED'],
    ]);
    failing = false;

    // While disabled: stored for the feed, sent nowhere. Found in the feed by its figure, as the seeded stock
    // of that barcode made an event of its own, which the dispatcher may not have reached yet.
    const onHand = Number(
      (
        await database.db.query('SELECT on_hand FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
          org.organizationId,
          org.warehouseId,
          org.barcodes[1],
        ])
      ).rows[0].on_hand,
    );
    await fulfilment(database.db).receive(level(org, org.barcodes[1]), 1);
    let meanwhile: string | undefined;
    await waitUntilAsync(
      async () =>
        (meanwhile = (await feed(org, tokens.organization)).find(
          (e) => e.type === 'inventory_level.changed' && e.data.barcode === org.barcodes[1] && e.data.onHand === onHand + 1,
        )?.id) !== undefined,
    );

    expect((await patch(org, tokens.organization, endpoint, { enabled: true })).body).toEqual(expect.objectContaining({ enabled: true, disabledReason: null }));
    await fulfilment(database.db).receive(level(org), 2);
    await waitUntil(() => at(endpoint.path).length === 3);
    const after = at(endpoint.path)[2];
    expect(verified(endpoint.secret, after).data).toEqual(expect.objectContaining({ barcode: org.barcodes[0] }));
    // Time for anything else to arrive, if it were sent.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(idsAt(endpoint.path)).toEqual([first, first, after.headers['webhook-id']]);
    expect(idsAt(endpoint.path)).not.toContain(meanwhile);
  });

  it('delivers a test event to that endpoint only, signed, with the eventId as its webhook-id, retried like any delivery, listed, and not in the feed', async () => {
    const { org, tokens } = await organization();
    const endpoint = await register(org, tokens.owner, ['sales_order.created']);
    const bystander = await register(org, tokens.owner, ['sales_order.created', 'inventory_level.changed']);
    let calls = 0;
    receiver.on(endpoint.path, (_req, res) => res.writeHead(++calls === 1 ? 503 : 200).end());
    const res = await sendTest(org, tokens.owner, endpoint);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ eventId: expect.stringMatching(/^msg_[0-9a-f]{32}_webhook\.test$/) });
    await waitUntil(() => at(endpoint.path).length === 2);
    const [failed, retried] = at(endpoint.path);
    expect([failed.headers['webhook-id'], retried.headers['webhook-id']]).toEqual([res.body.eventId, res.body.eventId]);
    expect(retried.body).toBe(failed.body);
    expect(verified(endpoint.secret, retried)).toEqual({
      type: 'webhook.test',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      environment: 'live',
      data: { endpointId: endpoint.id },
    });
    let listed: Attempt[] = [];
    await waitUntilAsync(async () => (listed = await attempts(org, tokens.owner, endpoint)).some((a) => a.status === 'SUCCEEDED'));
    expect(listed.map((a) => [a.eventId, a.eventType, a.attempt, a.status, a.responseStatus])).toEqual([
      [res.body.eventId, 'webhook.test', 2, 'SUCCEEDED', 200],
      [res.body.eventId, 'webhook.test', 1, 'FAILED', 503],
    ]);
    expect(at(bystander.path)).toEqual([]);
    expect((await feed(org, tokens.owner)).map((e) => e.id)).not.toContain(res.body.eventId);
    expect((await feed(org, tokens.owner)).every((e) => e.type !== 'webhook.test')).toBe(true);
  });

  it('answers 409 to a test or a recover of a disabled endpoint, 404 for an unknown one or another connector’s, 403 to a member', async () => {
    const { org, tokens } = await organization();
    const endpoint = await register(org, tokens.organization, ['sales_order.created']);
    const connectors = await register(org, tokens.connector, ['sales_order.created']);
    await patch(org, tokens.organization, endpoint, { enabled: false });
    const since = { since: new Date(Date.now() - 3600_000).toISOString() };
    for (const res of [await sendTest(org, tokens.organization, endpoint), await recover(org, tokens.organization, endpoint, since)]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        type: '/problems/webhook-endpoint-disabled',
        title: 'Conflict',
        status: 409,
        detail: 'The webhook endpoint is disabled (MANUAL): nothing is sent to it.',
      });
    }
    const missing = { id: '00000000-0000-4000-8000-000000000000' };
    expect((await sendTest(org, tokens.organization, missing)).status).toBe(404);
    expect((await recover(org, tokens.organization, missing, since)).status).toBe(404);
    expect((await sendTest(org, tokens.connector, endpoint)).status).toBe(404);
    expect((await recover(org, tokens.connector, endpoint, since)).status).toBe(404);
    expect((await sendTest(org, tokens.member, connectors)).status).toBe(403);
    expect((await recover(org, tokens.member, connectors, since)).status).toBe(403);
    const { org: other } = await organization();
    expect((await sendTest(other, tokens.organization, connectors)).status).toBe(403);
    expect((await recover(other, tokens.organization, connectors, since)).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at(endpoint.path)).toEqual([]);
    expect(at(connectors.path)).toEqual([]);
  });

  it.each([
    [{ since: new Date(Date.now() - 31 * 86_400_000).toISOString() }, 'must be at most 30 days back'],
    [{ since: new Date(Date.now() + 3600_000).toISOString() }, 'must not be in the future'],
    [{ since: 'yesterday' }, expect.stringContaining('must be an ISO 8601 date-time')],
    [{}, 'is required'],
  ])('refuses recover %j with 400 at /since', async (body, message) => {
    const { org, tokens } = await organization();
    const endpoint = await register(org, tokens.organization, ['sales_order.created']);
    const res = await recover(org, tokens.organization, endpoint, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/since', message }]);
  });

  it('signs with the new secret alone once a secret is rolled without an overlap', async () => {
    const { org, tokens } = await organization();
    const endpoint = await register(org, tokens.service, ['sales_order.created']);
    const rolled = await http()
      .post(`${endpointPath(org, endpoint)}/rotate-secret`)
      .set('Authorization', `Bearer ${tokens.service}`)
      .send({ overlapSeconds: 0 });
    expect(rolled.status).toBe(200);
    await sendTest(org, tokens.service, endpoint);
    await waitUntil(() => at(endpoint.path).length === 1);
    expect(verified(rolled.body.secret, at(endpoint.path)[0]).type).toBe('webhook.test');
    expect(() => new Webhook(endpoint.secret).verify(at(endpoint.path)[0].body, at(endpoint.path)[0].headers)).toThrow();
  });

  it('recovers every stored event since a date that the endpoint subscribes to, delivered before or not, each with its original webhook-id and payload, its schedule started over', async () => {
    const { org, tokens } = await organization();
    const since = new Date(Date.now() - 60_000).toISOString();
    // Before the endpoint existed: stored, never delivered to it (an order, and the inventory it moved).
    await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 1 }]);
    await waitUntilAsync(async () => (await feed(org, tokens.organization, { types: 'sales_order.created' })).length === 1);
    const endpoint = await register(org, tokens.organization, ['inventory_level.changed']);
    await fulfilment(database.db).receive(level(org, org.barcodes[1]), 1);
    await waitUntil(() => at(endpoint.path).length === 1);
    const delivered = at(endpoint.path)[0];
    const stored = await feed(org, tokens.organization, { types: 'inventory_level.changed', since });
    // The import's two levels, the order's, and the one delivered.
    expect(stored).toHaveLength(4);
    expect(stored.map((e) => e.id)).toContain(delivered.headers['webhook-id']);

    const res = await recover(org, tokens.organization, endpoint, { since });
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    await waitUntil(() => at(endpoint.path).length === 1 + stored.length);
    const recovered = at(endpoint.path).slice(1);
    // Every inventory event since the date, once each, as stored; the order's sales_order.created is not this endpoint's.
    expect(recovered.map((r) => r.headers['webhook-id']).sort()).toEqual(stored.map((e) => e.id).sort());
    for (const r of recovered) {
      const payload = verified(endpoint.secret, r);
      const { id: _id, ...asStored } = stored.find((e) => e.id === r.headers['webhook-id']) as (typeof stored)[number];
      expect(payload).toEqual(asStored);
    }
    expect(recovered.find((r) => r.headers['webhook-id'] === delivered.headers['webhook-id'])?.body).toBe(delivered.body);
    // The delivery made before got a second attempt; the others a first one; every one at the first step of the schedule.
    await waitUntilAsync(async () => (await attempts(org, tokens.organization, endpoint)).filter((a) => a.status === 'SUCCEEDED').length === 1 + stored.length);
    const listed = await attempts(org, tokens.organization, endpoint);
    expect(listed.filter((a) => a.eventId === delivered.headers['webhook-id']).map((a) => [a.attempt, a.status])).toEqual([
      [2, 'SUCCEEDED'],
      [1, 'SUCCEEDED'],
    ]);
    expect(listed.filter((a) => a.eventId !== delivered.headers['webhook-id']).map((a) => a.attempt)).toEqual([1, 1, 1]);
    const { rows } = await database.db.query<{ schedule_step: number }>('SELECT DISTINCT schedule_step FROM webhook_delivery_attempts WHERE endpoint_id = $1', [
      endpoint.id,
    ]);
    expect(rows).toEqual([{ schedule_step: 0 }]);
    // Nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(at(endpoint.path)).toHaveLength(1 + stored.length);
  });

  it('starts a waiting retry over: made now at the first step of the schedule, not a second attempt beside it', async () => {
    const { org, tokens } = await organization();
    const endpoint = await register(org, tokens.organization, ['inventory_level.changed']);
    let failing = true;
    receiver.on(endpoint.path, (_req, res) => res.writeHead(failing ? 500 : 200).end());
    await fulfilment(database.db).receive(level(org), 1);
    await waitUntilAsync(async () => (await attempts(org, tokens.organization, endpoint)).some((a) => a.attempt === 3 && a.status === 'PENDING'));
    const { rows: waiting } = await database.db.query<{ schedule_step: number }>(
      `SELECT schedule_step FROM webhook_delivery_attempts WHERE endpoint_id = $1 AND status = 'PENDING'`,
      [endpoint.id],
    );
    expect(waiting).toEqual([{ schedule_step: 2 }]);
    const webhookId = idsAt(endpoint.path)[0];
    failing = false;
    expect((await recover(org, tokens.organization, endpoint, { since: new Date(Date.now() - 3600_000).toISOString() })).status).toBe(202);
    // The import's two events have no delivery to this endpoint (it came later): they get their first.
    await waitUntil(() => at(endpoint.path).filter((r) => r.headers['webhook-id'] === webhookId).length === 3);
    await waitUntilAsync(async () =>
      (await attempts(org, tokens.organization, endpoint)).filter((a) => a.eventId === webhookId).some((a) => a.status === 'SUCCEEDED'),
    );
    const listed = (await attempts(org, tokens.organization, endpoint)).filter((a) => a.eventId === webhookId);
    expect(listed.map((a) => [a.attempt, a.status, a.responseStatus])).toEqual([
      [3, 'SUCCEEDED', 200],
      [2, 'FAILED', 500],
      [1, 'FAILED', 500],
    ]);
    const { rows } = await database.db.query<{ attempt: number; schedule_step: number }>(
      `SELECT a.attempt, a.schedule_step FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1 AND d.webhook_id = $2 ORDER BY a.attempt`,
      [endpoint.id, webhookId],
    );
    expect(rows).toEqual([
      { attempt: 1, schedule_step: 0 },
      { attempt: 2, schedule_step: 1 },
      { attempt: 3, schedule_step: 0 },
    ]);
  });

  it("recovers to a connector's endpoint only the events of its connections' stores", async () => {
    const { org, tokens } = await organization();
    const since = new Date(Date.now() - 60_000).toISOString();
    const behind = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId: org.storeId }, [
      { barcode: org.barcodes[0], quantity: 1 },
    ]);
    const elsewhere = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId: org.otherStoreId }, [
      { barcode: org.barcodes[0], quantity: 1 },
    ]);
    await waitUntilAsync(async () => (await feed(org, tokens.organization, { types: 'sales_order.created' })).length === 2);
    const endpoint = await register(org, tokens.connector, ['sales_order.created']);
    expect((await recover(org, tokens.connector, endpoint, { since })).status).toBe(202);
    await waitUntil(() => at(endpoint.path).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(at(endpoint.path).map((r) => verified(endpoint.secret, r).data.id)).toEqual([behind.salesOrderId]);
    expect(at(endpoint.path).map((r) => verified(endpoint.secret, r).data.id)).not.toContain(elsewhere.salesOrderId);
  });
});
