// Webhook dispatch across transactions and processes (contract 6.3): events of a database without
// endpoints are passed over unread, an event whose transaction commits after a later one is still delivered, two replicas deliver each event once, and a retry survives a
// restart of the gateway with the same webhook-id.
import { Client } from 'pg';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { SeededOrganization, TestDatabase, createTestDatabase, seedOrganization, waitUntil } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';
import { fulfilment } from './support/fulfilment';

const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };

describe('webhook dispatch', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let org: SeededOrganization;
  let path = 0;

  const register = async (gateway: RunningGateway, eventTypes: string[]) => {
    const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
    const hookPath = `/dispatch/${++path}`;
    const res = await request(gateway.app.getHttpServer()).post(`/v0/organizations/${org.organizationId}/webhook-endpoints`).set('Authorization', `Bearer ${token}`).send({ url: receiver.url(hookPath), eventTypes });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, secret: res.body.secret as string, path: hookPath };
  };
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);
  const barcodeOf = (secret: string, r: { body: string; headers: Record<string, string> }) => ((new Webhook(secret).verify(r.body, r.headers) as { data: { barcode: string } }).data.barcode);
  const level = (barcode: string) => ({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode });

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    org = await seedOrganization(database.db);
  });

  afterAll(async () => {
    await receiver.close();
    await database.drop();
  });

  it('passes over the events of a database without endpoints; an endpoint registered later hears only of later events', async () => {
    const gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    const position = async (sql: string) => (await database.db.query<{ xid: string; sequence: string }>(sql)).rows[0];
    try {
      await fulfilment(database.db).receive(level(org.barcodes[1]), 1);
      const last = await position('SELECT xid::text AS xid, sequence::text AS sequence FROM domain_events ORDER BY xid DESC, sequence DESC LIMIT 1');
      const deadline = Date.now() + 20_000;
      while (JSON.stringify(await position('SELECT xid::text AS xid, sequence::text AS sequence FROM webhook_dispatch_cursor')) !== JSON.stringify(last)) {
        if (Date.now() > deadline) throw new Error('the cursor did not reach the last event');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries')).rows[0].n).toBe(0);

      const endpoint = await register(gateway, ['inventory_level.changed']);
      await fulfilment(database.db).receive(level(org.barcodes[0]), 1);
      await waitUntil(() => at(endpoint.path).length === 1);
      expect(at(endpoint.path).map((r) => barcodeOf(endpoint.secret, r))).toEqual([org.barcodes[0]]);
      await database.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    } finally {
      await gateway.close();
    }
  });

  it('delivers the event of a transaction that commits after a later-started one', async () => {
    const gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    try {
      const endpoint = await register(gateway, ['inventory_level.changed']);
      const early = new Client({ connectionString: database.url });
      await early.connect();
      try {
        // The early transaction writes first (so its transaction id is the lower), but commits last.
        await early.query('BEGIN');
        await fulfilment(database.db).receive(level(org.barcodes[0]), 1, early);
        await fulfilment(database.db).receive(level(org.barcodes[1]), 1);
        // The later event is committed but waits below the horizon the early transaction holds.
        await new Promise((resolve) => setTimeout(resolve, 800));
        expect(at(endpoint.path)).toHaveLength(0);
        await early.query('COMMIT');
      } finally {
        await early.end();
      }
      await waitUntil(() => at(endpoint.path).length === 2);
      // Fanned out together once the early one committed; deliveries run in parallel, so either may arrive first.
      expect(at(endpoint.path).map((r) => barcodeOf(endpoint.secret, r)).sort()).toEqual([org.barcodes[0], org.barcodes[1]].sort());
    } finally {
      await gateway.close();
    }
  });

  it('delivers each event once with two replicas fanning out and delivering', async () => {
    const first = await startPublicGateway(database.url, WEBHOOK_ENV);
    const second = await startPublicGateway(database.url, { ...WEBHOOK_ENV, PUBLIC_BASE_URL: first.url });
    try {
      const endpoint = await register(first, ['inventory_level.changed']);
      const changes = 30;
      await Promise.all(Array.from({ length: changes }, (_, i) => fulfilment(database.db).receive(level(org.barcodes[i % 2]), 1)));
      await waitUntil(() => at(endpoint.path).length >= changes);
      // Time for a duplicate to arrive, if there were one.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const ids = at(endpoint.path).map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(changes);
      expect(new Set(ids).size).toBe(changes);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('retries after a restart of the gateway, with the same webhook-id', async () => {
    const env = { ...WEBHOOK_ENV, WEBHOOK_RETRY_SCHEDULE: '2' };
    const before = await startPublicGateway(database.url, env);
    const endpoint = await register(before, ['inventory_level.changed']);
    let calls = 0;
    receiver.on(endpoint.path, (_req, res) => res.writeHead(++calls === 1 ? 500 : 200).end());
    await fulfilment(database.db).receive(level(org.barcodes[0]), 1);
    await waitUntil(() => at(endpoint.path).length === 1);
    await before.close();
    const after = await startPublicGateway(database.url, { ...env, PUBLIC_BASE_URL: before.url });
    try {
      await waitUntil(() => at(endpoint.path).length === 2);
      const [failed, retried] = at(endpoint.path);
      expect(retried.headers['webhook-id']).toBe(failed.headers['webhook-id']);
      expect(retried.body).toBe(failed.body);
      expect(barcodeOf(endpoint.secret, retried)).toBe(org.barcodes[0]);
    } finally {
      await after.close();
    }
  });
});
