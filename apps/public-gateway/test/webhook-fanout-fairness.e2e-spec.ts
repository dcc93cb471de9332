// Fan-out is fair (contract 7): one organization's event volume, an operator's import of 50,000 stock rows in
// one transaction, does not hold back another organization's webhooks or events feed. The other
// organization's event, committed after the import, reaches its endpoint and its feed while most of the
// import's events are still to be fanned out; every one of those is fanned out all the same. The gateway
// runs with its default dispatch interval.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { SeededOrganization, TestDatabase, createTestDatabase, fulfilment, importFixture, seedOrganization, waitUntilAsync } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const IMPORTED_ROWS = 50_000;

describe('fan-out shared between organizations', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let gateway: RunningGateway;
  let importing: SeededOrganization;
  let other: SeededOrganization;
  const barcodes = Array.from({ length: IMPORTED_ROWS }, (_, i) => `FAN${String(i).padStart(6, '0')}`);

  const stored = async (organizationId: string) =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events WHERE organization_id = $1', [organizationId])).rows[0].n;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    importing = await seedOrganization(database.db);
    other = await seedOrganization(database.db);
    // The importing organization's units, imported before (an import of units makes no events).
    await importFixture(database.db, {
      retailUnits: barcodes.map((barcode, i) => ({ organizationId: importing.organizationId, barcode, sku: `SKU-${barcode}`, name: `Unit ${i}` })),
    });
    gateway = await startPublicGateway(database.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  }, 60_000);

  it("delivers another organization's event and shows it in its feed while an import's 50,000 events are being fanned out", async () => {
    const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: other.organizationId });
    const registered = await request(gateway.app.getHttpServer())
      .post(`/v0/organizations/${other.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url('/other'), eventTypes: ['inventory_level.changed'] });
    expect(registered.status).toBe(201);
    // The seeds' events fanned out first: two levels each.
    await waitUntilAsync(async () => (await stored(importing.organizationId)) === 2 && (await stored(other.organizationId)) === 2);

    const importStarted = Date.now();
    await importFixture(database.db, {
      inventory: barcodes.map((barcode, i) => ({
        organizationId: importing.organizationId,
        warehouseId: importing.warehouseId,
        barcode,
        onHand: 1 + (i % 100),
      })),
    });
    const imported = Date.now();
    await fulfilment(database.db).receive({ organizationId: other.organizationId, warehouseId: other.warehouseId, barcode: other.barcodes[0] }, 1);
    const committed = Date.now();

    // Watched together for a minute: the other organization's delivery, its feed, and the import's events fanned out.
    const seen: Record<'webhook' | 'feed', { at: number; importFannedOut: number } | undefined> = { webhook: undefined, feed: undefined };
    const feedShowsIt = async () => {
      const res = await request(gateway.app.getHttpServer())
        .get(`/v0/organizations/${other.organizationId}/events?types=inventory_level.changed&limit=100`)
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      return (res.body.items as { data: { barcode: string; onHand: number } }[]).some(
        (item) => item.data.barcode === other.barcodes[0] && item.data.onHand === 11,
      );
    };
    const importFannedOut = async () => (await stored(importing.organizationId)) - 2;
    const watchUntil = committed + 60_000;
    while ((!seen.webhook || !seen.feed) && Date.now() < watchUntil) {
      const received = receiver.received.find((r) => r.path === '/other');
      if (!seen.webhook && received) seen.webhook = { at: received.at, importFannedOut: await importFannedOut() };
      if (!seen.feed && (await feedShowsIt())) seen.feed = { at: Date.now(), importFannedOut: await importFannedOut() };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const describeSeen = (what?: { at: number; importFannedOut: number }) =>
      what ? `${what.at - committed} ms after its commit, with ${what.importFannedOut} of the import's events fanned out` : 'not within 60 s';
    process.stdout.write(
      `fair fan-out: the import took ${imported - importStarted} ms; the other organization's event reached its endpoint ${describeSeen(seen.webhook)}, ` +
        `and its feed ${describeSeen(seen.feed)}\n`,
    );

    // The other organization first: its event was delivered and listed (within the minute watched)
    expect(seen).toEqual({
      webhook: { at: expect.any(Number), importFannedOut: expect.any(Number) },
      feed: { at: expect.any(Number), importFannedOut: expect.any(Number) },
    });
    const { webhook, feed } = seen as Record<'webhook' | 'feed', { at: number; importFannedOut: number }>;
    // while the import's backlog had not drained,
    expect(webhook.importFannedOut).toBeLessThan(IMPORTED_ROWS);
    expect(feed.importFannedOut).toBeLessThan(IMPORTED_ROWS);
    // within the few seconds the contract allows.
    expect(webhook.at - committed).toBeLessThan(5_000);
    expect(feed.at - committed).toBeLessThan(5_000);
    // The delivery carries the other organization's figure, once.
    const delivered = receiver.received.filter((r) => r.path === '/other');
    expect(delivered).toHaveLength(1);
    expect(new Webhook(registered.body.secret as string).verify(delivered[0].body, delivered[0].headers)).toEqual({
      type: 'inventory_level.changed',
      timestamp: expect.any(String),
      environment: 'live',
      data: { warehouseId: other.warehouseId, barcode: other.barcodes[0], onHand: 11, sellable: 11 },
    });
    // And every event of the import was fanned out, once each, with its level's figure.
    await waitUntilAsync(async () => (await importFannedOut()) === IMPORTED_ROWS, 300_000);
    process.stdout.write(`fair fan-out: the import's ${IMPORTED_ROWS} events were all fanned out ${Date.now() - imported} ms after it committed\n`);
    const { rows } = await database.db.query<{ n: number; distinct_ids: number; right_figures: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT webhook_id)::int AS distinct_ids,
              count(*) FILTER (WHERE (body::jsonb -> 'data' ->> 'onHand')::int = 1 + substring(body::jsonb -> 'data' ->> 'barcode' FROM 4)::int % 100)::int AS right_figures
         FROM webhook_events WHERE organization_id = $1 AND body::jsonb -> 'data' ->> 'barcode' LIKE 'FAN%'`,
      [importing.organizationId],
    );
    expect(rows[0]).toEqual({ n: IMPORTED_ROWS, distinct_ids: IMPORTED_ROWS, right_figures: IMPORTED_ROWS });
  }, 420_000);
});
