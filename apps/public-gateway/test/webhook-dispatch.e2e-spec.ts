// Webhook dispatch across transactions, processes and organizations (contracts 6.3, 6.5 and 7): events of a
// database without endpoints are stored for the feed and sent nowhere, two organizations with the same barcode
// in one shared warehouse each hear only of their own stock, an event whose transaction commits after a later
// one is still delivered (and the later one is not held back meanwhile), two replicas deliver each event once, a retry survives a restart of the gateway
// with the same webhook-id, and a replica that stops gives back the attempts it has no answer for, which
// another replica then sends at once (not after their lease).
import { Client } from 'pg';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { SeededOrganization, TestDatabase, createTestDatabase, seedOrganization, waitUntil, waitUntilAsync, fulfilment } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };

describe('webhook dispatch', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let org: SeededOrganization;
  let path = 0;

  const register = async (gateway: RunningGateway, eventTypes: string[], organizationId = org.organizationId) => {
    const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId });
    const hookPath = `/dispatch/${++path}`;
    const res = await request(gateway.app.getHttpServer())
      .post(`/v0/organizations/${organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url(hookPath), eventTypes });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, secret: res.body.secret as string, path: hookPath };
  };
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);
  const barcodeOf = (secret: string, r: { body: string; headers: Record<string, string> }) =>
    (new Webhook(secret).verify(r.body, r.headers) as { data: { barcode: string } }).data.barcode;
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

  it('stores the events of a database without endpoints and delivers them nowhere; an endpoint registered later hears only of later events', async () => {
    const gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    try {
      await fulfilment(database.db).receive(level(org.barcodes[1]), 1);
      // Fanned out: nothing left queued.
      await waitUntilAsync(async () => (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_fanout_queue')).rows[0].n === 0);
      expect((await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries')).rows[0].n).toBe(0);
      // The import's levels and the receipt: stored for the feed, the receipt last.
      const stored = await database.db.query<{ organization_id: string; event_type: string; warehouse_id: string; body: string }>(
        'SELECT organization_id, event_type, warehouse_id, body FROM webhook_events ORDER BY sequence DESC LIMIT 1',
      );
      expect(stored.rows.map((r) => ({ ...r, body: JSON.parse(r.body).data }))).toEqual([
        {
          organization_id: org.organizationId,
          event_type: 'inventory_level.changed',
          warehouse_id: org.warehouseId,
          body: { warehouseId: org.warehouseId, barcode: org.barcodes[1], onHand: 6, sellable: 5 },
        },
      ]);

      const endpoint = await register(gateway, ['inventory_level.changed']);
      await fulfilment(database.db).receive(level(org.barcodes[0]), 1);
      await waitUntil(() => at(endpoint.path).length === 1);
      expect(at(endpoint.path).map((r) => barcodeOf(endpoint.secret, r))).toEqual([org.barcodes[0]]);
      await database.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    } finally {
      await gateway.close();
    }
  });

  it('sends each organization only its own figures when two share a warehouse and a barcode and their events are fanned out in one round', async () => {
    // The events of both are written while no replica fans out, so the first round takes both.
    const quiet = await startPublicGateway(database.url, { ...WEBHOOK_ENV, WEBHOOK_WORKERS: 'false' });
    const other = await seedOrganization(database.db, {
      warehouseId: org.warehouseId,
      barcodes: [org.barcodes[0], `${org.barcodes[1]}-other`, `${org.barcodes[2]}-other`],
    });
    let mine: { id: string; secret: string; path: string };
    let theirs: { id: string; secret: string; path: string };
    try {
      mine = await register(quiet, ['inventory_level.changed']);
      theirs = await register(quiet, ['inventory_level.changed'], other.organizationId);
    } finally {
      await quiet.close();
    }
    const onHand = async (organizationId: string) =>
      (
        await database.db.query<{ on_hand: number }>('SELECT on_hand FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
          organizationId,
          org.warehouseId,
          org.barcodes[0],
        ])
      ).rows[0].on_hand;
    await fulfilment(database.db).receive(level(org.barcodes[0]), 1);
    await fulfilment(database.db).receive({ organizationId: other.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1000);
    const expected = { mine: await onHand(org.organizationId), theirs: await onHand(other.organizationId) };
    expect(expected.mine).not.toBe(expected.theirs);
    const storedBefore = (await database.db.query<{ n: string }>('SELECT coalesce(max(sequence), 0) AS n FROM webhook_events')).rows[0].n;

    const gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    try {
      await waitUntil(() => at(mine.path).length === 1 && at(theirs.path).length === 1);
      const figures = (endpoint: { secret: string; path: string }) =>
        at(endpoint.path).map((r) => (new Webhook(endpoint.secret).verify(r.body, r.headers) as { data: { barcode: string; onHand: number } }).data);
      expect(figures(mine)).toEqual([expect.objectContaining({ barcode: org.barcodes[0], onHand: expected.mine })]);
      expect(figures(theirs)).toEqual([expect.objectContaining({ barcode: org.barcodes[0], onHand: expected.theirs })]);
      // The feed's copies too: every payload of that barcode stored by this batch carries its own organization's figure.
      const { rows } = await database.db.query<{ organization_id: string; on_hand: number }>(
        `SELECT DISTINCT organization_id, (body::jsonb -> 'data' ->> 'onHand')::int AS on_hand FROM webhook_events
          WHERE sequence > $1 AND body::jsonb -> 'data' ->> 'barcode' = $2 ORDER BY on_hand`,
        [storedBefore, org.barcodes[0]],
      );
      expect(rows).toEqual([
        { organization_id: org.organizationId, on_hand: expected.mine },
        { organization_id: other.organizationId, on_hand: expected.theirs },
      ]);
      await database.db.query('DELETE FROM webhook_endpoints WHERE id = ANY ($1::uuid[])', [[mine.id, theirs.id]]);
    } finally {
      await gateway.close();
    }
  });

  it('delivers the event of a transaction that commits after a later-started one, and does not hold the later one back meanwhile', async () => {
    const gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    try {
      const endpoint = await register(gateway, ['inventory_level.changed']);
      const early = new Client({ connectionString: database.url });
      await early.connect();
      try {
        // The early transaction writes first (so its transaction id and its event's sequence are the lower), but commits last.
        await early.query('BEGIN');
        await fulfilment(database.db).receive(level(org.barcodes[0]), 1, early);
        await fulfilment(database.db).receive(level(org.barcodes[1]), 1);
        // The later event is delivered while the early transaction is still open: an open transaction holds back only its own events.
        await waitUntil(() => at(endpoint.path).length === 1, 10_000);
        expect(at(endpoint.path).map((r) => barcodeOf(endpoint.secret, r))).toEqual([org.barcodes[1]]);
        await early.query('COMMIT');
      } finally {
        await early.end();
      }
      await waitUntil(() => at(endpoint.path).length === 2);
      expect(at(endpoint.path).map((r) => barcodeOf(endpoint.secret, r))).toEqual([org.barcodes[1], org.barcodes[0]]);
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

  it('gives back the attempts a stopping replica has no answer for: another replica sends them at once', async () => {
    const stopping = await startPublicGateway(database.url, { ...WEBHOOK_ENV, SHUTDOWN_GRACE_MS: '200' });
    const endpoint = await register(stopping, ['inventory_level.changed']);
    // The receiver keeps the first request unanswered.
    let calls = 0;
    receiver.on(endpoint.path, (_req, res) => {
      if (++calls > 1) res.writeHead(204).end();
    });
    await fulfilment(database.db).receive(level(org.barcodes[0]), 1);
    await waitUntil(() => at(endpoint.path).length === 1);
    await stopping.close();
    const { rows } = await database.db.query<{ status: string; claimed: boolean }>(
      `SELECT status, claimed_until IS NOT NULL AS claimed FROM webhook_delivery_attempts WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    expect(rows).toEqual([{ status: 'PENDING', claimed: false }]);
    const other = await startPublicGateway(database.url, { ...WEBHOOK_ENV, PUBLIC_BASE_URL: stopping.url });
    try {
      // Well within the 30 s lease the attempt would otherwise have waited for.
      await waitUntil(() => at(endpoint.path).length === 2, 10_000);
      const [unanswered, sent] = at(endpoint.path);
      expect(sent.headers['webhook-id']).toBe(unanswered.headers['webhook-id']);
      expect(barcodeOf(endpoint.secret, sent)).toBe(org.barcodes[0]);
    } finally {
      await other.close();
    }
  });
});
