// recover and test are bounded (contract 7), as a receiver on 127.0.0.1 and two replicas see it: one recover
// outstanding per endpoint (a flood of them is answered 409 but for the first, and each event is sent again
// once); one organization's big recover backlog does not hold up another's; at most 10 test events a minute to
// one endpoint, counted across replicas (the 11th a 429 problem with Retry-After). Every answer is checked
// against the OpenAPI document.
import request from 'supertest';
import { OpenApiValidator, SeededOrganization, TestDatabase, createTestDatabase, seedOrganization, waitUntil, waitUntilAsync } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const BASE = '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}';
const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '2,600', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };

describe('bounded recover and test', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let validator: OpenApiValidator;
  let hooks = 0;

  const checked = (method: string, template: string, res: request.Response) => {
    if (res.headers['content-type'])
      expect(validator.errors(method, template, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);

  const organization = async (db: TestDatabase, on: RunningGateway) => {
    const org = await seedOrganization(db.db);
    return { org, token: await mintToken(on, db.url, { type: 'ORGANIZATION', organizationId: org.organizationId }) };
  };
  const register = async (on: RunningGateway, org: SeededOrganization, token: string, eventTypes = ['inventory_level.changed']) => {
    const path = `/bounds/${++hooks}`;
    const res = await request(on.app.getHttpServer())
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url(path), eventTypes });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, path };
  };
  const endpointPath = (org: SeededOrganization, endpoint: { id: string }) => `/v0/organizations/${org.organizationId}/webhook-endpoints/${endpoint.id}`;
  const recover = async (on: RunningGateway, org: SeededOrganization, token: string, endpoint: { id: string }, since: string) =>
    checked(
      'POST',
      `${BASE}/recover`,
      await request(on.app.getHttpServer())
        .post(`${endpointPath(org, endpoint)}/recover`)
        .set('Authorization', `Bearer ${token}`)
        .send({ since }),
    );
  const sendTest = async (on: RunningGateway, org: SeededOrganization, token: string, endpoint: { id: string }) =>
    checked(
      'POST',
      `${BASE}/test`,
      await request(on.app.getHttpServer())
        .post(`${endpointPath(org, endpoint)}/test`)
        .set('Authorization', `Bearer ${token}`),
    );
  /**
   * `count` inventory events of the organization, stored as fan-out stores them (in one statement: a backlog
   * of weeks), occurred `minutesAgo`; answers their webhook ids.
   */
  const storeEvents = async (db: TestDatabase, org: SeededOrganization, count: number, minutesAgo = 30): Promise<string[]> => {
    const { rows } = await db.db.query<{ webhook_id: string }>(
      `INSERT INTO webhook_events (webhook_id, organization_id, event_id, event_type, occurred_at, warehouse_id, body)
       SELECT 'msg_' || replace(id::text, '-', '') || '_inventory_level.changed', $1, id, 'inventory_level.changed', now() - make_interval(mins => $3), $2,
              json_build_object('type', 'inventory_level.changed', 'timestamp', now() - make_interval(mins => $3), 'data', json_build_object('n', n))::text
         FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, $4) AS n) AS s
       RETURNING webhook_id`,
      [org.organizationId, org.warehouseId, minutesAgo, count],
    );
    return rows.map((r) => r.webhook_id);
  };
  const hourAgo = () => new Date(Date.now() - 3600_000).toISOString();
  /**
   * Whether everything the endpoint will be sent has been: no recover of it outstanding and no attempt of it
   * PENDING (an attempt is recorded made only once its request was answered, so the receiver holds them all).
   */
  const settled = async (db: TestDatabase, endpoint: { id: string }) =>
    (
      await db.db.query<{ outstanding: number }>(
        `SELECT (SELECT count(*) FROM webhook_recoveries WHERE endpoint_id = $1)::int
              + (SELECT count(*) FROM webhook_delivery_attempts WHERE endpoint_id = $1 AND status = 'PENDING')::int AS outstanding`,
        [endpoint.id],
      )
    ).rows[0].outstanding === 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    validator = new OpenApiValidator((await request(gateway.app.getHttpServer()).get('/openapi.json')).body);
  });

  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
    await database?.drop();
  });

  it('answers a recover asked while one of the endpoint is outstanding with a 409 problem: a flood of 20 sends each event again once', async () => {
    // A database of its own, whose only replica at first runs no workers: the first recover stays outstanding
    // for as long as the flood lasts, whatever the machine's speed.
    const own = await createTestDatabase();
    const idle = await startPublicGateway(own.url, { ...WEBHOOK_ENV, WEBHOOK_WORKERS: 'false' });
    let worker: RunningGateway | undefined;
    try {
      const { org, token } = await organization(own, idle);
      const endpoint = await register(idle, org, token);
      const stored = await storeEvents(own, org, 1200);
      const since = hourAgo();
      const before = Date.now();
      const first = await recover(idle, org, token, endpoint, since);
      const after = Date.now();
      expect(first.status).toBe(202);
      const flood = await Promise.all(Array.from({ length: 19 }, () => recover(idle, org, token, endpoint, since)));
      expect(flood.map((r) => r.status)).toEqual(Array(19).fill(409));
      for (const res of flood) {
        expect(res.body).toEqual({
          type: '/problems/webhook-recover-in-progress',
          title: 'Conflict',
          status: 409,
          detail: expect.stringMatching(
            /^A recover of this webhook endpoint is in progress: it sends again every event since (\S+), as asked at (\S+)\. Ask again once it has ended\.$/,
          ),
        });
        const [, runningSince, askedAt] = /since (\S+), as asked at (\S+)\./.exec(res.body.detail) as RegExpExecArray;
        expect(runningSince).toBe(new Date(since).toISOString());
        // Asked when the first was (the database's clock, within a second of this one's).
        expect(Date.parse(askedAt)).toBeGreaterThan(before - 1000);
        expect(Date.parse(askedAt)).toBeLessThan(after + 1000);
      }
      const page = await request(idle.app.getHttpServer()).get('/problems/webhook-recover-in-progress');
      expect(page.status).toBe(200);

      // A replica that runs workers sends the one recover: every event once, then the endpoint may be recovered again.
      worker = await startPublicGateway(own.url, { ...WEBHOOK_ENV, PUBLIC_BASE_URL: idle.url });
      await waitUntil(() => at(endpoint.path).length >= stored.length, 60_000);
      await waitUntilAsync(() => settled(own, endpoint), 30_000);
      const ids = at(endpoint.path).map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(stored.length);
      expect(new Set(ids)).toEqual(new Set(stored));
      expect((await recover(idle, org, token, endpoint, since)).status).toBe(202);
    } finally {
      await worker?.close();
      await idle.close();
      await own.drop();
    }
  }, 120_000);

  it("sends one organization's recover while another's big recover backlog is still being worked through", async () => {
    // The big one: 8 endpoints, each recovering 4,000 stored events (8 batches each), and asking again and again.
    const { org: big, token: bigToken } = await organization(database, gateway);
    const bigEndpoints = [];
    for (let i = 0; i < 8; i++) bigEndpoints.push(await register(gateway, big, bigToken));
    // Its receiver holds every request until the delivery times out: its deliveries are not what this measures.
    for (const e of bigEndpoints) receiver.on(e.path, () => undefined);
    await storeEvents(database, big, 4000);
    const since = hourAgo();
    const asked = await Promise.all(bigEndpoints.flatMap((e) => Array.from({ length: 10 }, () => recover(gateway, big, bigToken, e, since))));
    expect(asked.filter((r) => r.status === 202)).toHaveLength(bigEndpoints.length);

    const { org: small, token: smallToken } = await organization(database, gateway);
    const smallEndpoint = await register(gateway, small, smallToken);
    const [mine] = await storeEvents(database, small, 1);
    const asking = Date.now();
    expect((await recover(gateway, small, smallToken, smallEndpoint, since)).status).toBe(202);
    // Given 10 s at most: past that the assertion below says how late it is.
    await waitUntil(() => receiver.received.some((r) => r.headers['webhook-id'] === mine), 10_000).catch(() => undefined);
    const arrived = receiver.received.find((r) => r.headers['webhook-id'] === mine);
    const latency = arrived ? arrived.at - asking : Infinity;
    const bigLeft = Number(
      (await database.db.query('SELECT count(*) AS n FROM webhook_recoveries WHERE organization_id = $1', [big.organizationId])).rows[0].n,
    );
    process.stdout.write(`recover of the small organization delivered ${latency} ms after it was asked; the big one's recovers outstanding then: ${bigLeft}\n`);
    expect(latency).toBeLessThan(3000);
    expect(bigLeft).toBeGreaterThan(0);
  }, 60_000);

  it('sends an endpoint at most 10 test events a minute, counted across replicas: of 20 sent at once through two, 10 are a 429 problem with Retry-After', async () => {
    const replica = await startPublicGateway(database.url, { ...WEBHOOK_ENV, PUBLIC_BASE_URL: gateway.url, WEBHOOK_WORKERS: 'false' });
    try {
      const { org, token } = await organization(database, gateway);
      const endpoint = await register(gateway, org, token);
      const other = await register(gateway, org, token);
      // All at once, half through each replica: only the endpoint's lock in the database keeps them to 10.
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sendTest(i % 2 === 0 ? gateway : replica, org, token, endpoint)));
      expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(202), ...Array(10).fill(429)]);
      for (const refused of answers.filter((r) => r.status === 429)) {
        const retryAfter = Number(refused.headers['retry-after']);
        expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
        expect(refused.body).toEqual({
          type: '/problems/webhook-test-limit',
          title: 'Too Many Requests',
          status: 429,
          detail: `This webhook endpoint was sent 10 test events in the last minute, as many as it is sent; the next may be sent in ${retryAfter} s.`,
        });
      }
      // Once at the limit, each replica refuses the next one too.
      for (const on of [replica, gateway]) expect((await sendTest(on, org, token, endpoint)).status).toBe(429);
      // Another endpoint of the organization has its own ten.
      expect((await sendTest(replica, org, token, other)).status).toBe(202);
      // Everything queued for the endpoint made: exactly the ten accepted arrived, each the webhook-id answered.
      await waitUntilAsync(() => settled(database, endpoint));
      expect(
        at(endpoint.path)
          .map((r) => r.headers['webhook-id'])
          .sort(),
      ).toEqual(
        answers
          .filter((r) => r.status === 202)
          .map((r) => r.body.eventId)
          .sort(),
      );
    } finally {
      await replica.close();
    }
  });
});
