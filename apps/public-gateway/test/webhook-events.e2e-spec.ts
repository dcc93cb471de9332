// The events feed (contract 6.5): an organization's stored webhook payloads, oldest first, each with the
// webhook-id its deliveries carry and the payload they carry; pages behind a cursor bound to the organization
// and the query; types and since; a connector reading only its stores' events; two organizations sharing a
// warehouse and a barcode each reading only their own; the same 403/404 rules as the endpoints.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  createTestDatabase,
  importFixture,
  placeSalesOrder,
  seedOrganization,
  waitUntil,
  waitUntilAsync,
  fulfilment,
} from '@gateway/testing';
import { callerTokens, mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const FEED = '/v0/organizations/{organizationId}/events';
const ALL_TYPES = ['sales_order.created', 'sales_order.shipped', 'sales_order.cancelled', 'fulfilment_order.status_changed', 'inventory_level.changed'];

interface FeedItem {
  id: string;
  type: string;
  timestamp: string;
  environment: string;
  data: Record<string, unknown>;
}

describe('the events feed', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let validator: OpenApiValidator;
  let org: SeededOrganization;
  let neighbour: SeededOrganization;
  let tokens: Record<string, string>;
  let neighbourToken: string;
  let endpoint: { id: string; secret: string };
  let orders: { mine: string; elsewhere: string };
  let startedAt: string;

  const http = () => request(gateway.app.getHttpServer());
  const read = async (token: string, query: Record<string, string> = {}, organizationId = org.organizationId) => {
    const res = await http().get(`/v0/organizations/${organizationId}/events`).query(query).set('Authorization', `Bearer ${token}`);
    expect(validator.errors('GET', FEED, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  /** Every page, following nextCursor. */
  const readAll = async (token: string, query: Record<string, string> = {}, organizationId = org.organizationId): Promise<FeedItem[]> => {
    const items: FeedItem[] = [];
    let cursor: string | null = null;
    do {
      const res = await read(token, { ...query, ...(cursor ? { cursor } : {}) }, organizationId);
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    return items;
  };
  const storedIds = async (organizationId: string) =>
    (
      await database.db.query<{ webhook_id: string }>(
        `SELECT webhook_id FROM webhook_events WHERE organization_id = $1 AND event_type <> 'webhook.test' ORDER BY sequence`,
        [organizationId],
      )
    ).rows.map((r) => r.webhook_id);

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' });
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    startedAt = new Date().toISOString();
    org = await seedOrganization(database.db);
    // Same warehouse, same barcodes: the feed must still tell the two apart.
    neighbour = await seedOrganization(database.db, { warehouseId: org.warehouseId, barcodes: [org.barcodes[0], org.barcodes[1], `${org.barcodes[2]}-n`] });
    tokens = await callerTokens(gateway, database.url, org);
    neighbourToken = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: neighbour.organizationId });
    const registered = await http()
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${tokens.organization}`)
      .send({ url: receiver.url('/feed'), eventTypes: ALL_TYPES });
    endpoint = { id: registered.body.id, secret: registered.body.secret };
    const mine = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId: org.storeId }, [{ barcode: org.barcodes[0], quantity: 1 }]);
    const elsewhere = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId: org.otherStoreId }, [
      { barcode: org.barcodes[1], quantity: 1 },
    ]);
    orders = { mine: mine.salesOrderId, elsewhere: elsewhere.salesOrderId };
    await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 3);
    await fulfilment(database.db).receive({ organizationId: neighbour.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 500);
    // A warehouse of the organization behind no connection: its inventory is not the connector's.
    await importFixture(database.db, {
      warehouses: [{ id: `${org.warehouseId}-far`, name: 'Far' }],
      stores: [{ id: `${org.storeId}-far`, organizationId: org.organizationId, name: 'Far', warehouseId: `${org.warehouseId}-far` }],
      inventory: [{ organizationId: org.organizationId, warehouseId: `${org.warehouseId}-far`, barcode: org.barcodes[1], onHand: 4 }],
    });
    // Two orders (created and inventory each), a receipt and the far stock: six deliveries.
    await waitUntil(() => receiver.received.length === 6);
    await waitUntilAsync(async () => (await storedIds(neighbour.organizationId)).length === 3);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it('lists every stored event of the organization, oldest first, with the webhook-id and the payload its deliveries carry', async () => {
    const items = await readAll(tokens.organization);
    expect(items.map((e) => e.id)).toEqual(await storedIds(org.organizationId));
    // The import's two levels, then the two orders (each: created, and the inventory it moved), the receipt, the far stock.
    expect(items.map((e) => e.type)).toEqual([
      'inventory_level.changed',
      'inventory_level.changed',
      'sales_order.created',
      'inventory_level.changed',
      'sales_order.created',
      'inventory_level.changed',
      'inventory_level.changed',
      'inventory_level.changed',
    ]);
    for (const delivered of receiver.received) {
      const payload = new Webhook(endpoint.secret).verify(delivered.body, delivered.headers);
      const item = items.find((e) => e.id === delivered.headers['webhook-id']);
      expect(item).toEqual({ id: delivered.headers['webhook-id'], ...(payload as object) });
    }
    expect(items.filter((e) => e.type === 'sales_order.created').map((e) => e.data.id)).toEqual([orders.mine, orders.elsewhere]);
    expect(items.slice(-2).map((e) => e.data)).toEqual([
      { warehouseId: org.warehouseId, barcode: org.barcodes[0], onHand: 13, sellable: 12 },
      { warehouseId: `${org.warehouseId}-far`, barcode: org.barcodes[1], onHand: 4, sellable: 4 },
    ]);
  });

  it('keeps two organizations sharing a warehouse and a barcode apart', async () => {
    const mine = await readAll(tokens.organization);
    const theirs = await readAll(neighbourToken, {}, neighbour.organizationId);
    expect(theirs.map((e) => e.id)).toEqual(await storedIds(neighbour.organizationId));
    expect(theirs.map((e) => e.id).filter((id) => mine.some((e) => e.id === id))).toEqual([]);
    expect(theirs[theirs.length - 1].data).toEqual({ warehouseId: org.warehouseId, barcode: org.barcodes[0], onHand: 510, sellable: 510 });
    expect(mine.filter((e) => e.data.barcode === org.barcodes[0] && e.data.onHand === 510)).toEqual([]);
  });

  it('pages with a cursor bound to the organization, the types and since; the last page has no nextCursor', async () => {
    const all = await readAll(tokens.organization);
    const pages: FeedItem[][] = [];
    let cursor: string | null = null;
    do {
      const res = await read(tokens.organization, { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      pages.push(res.body.items);
      cursor = res.body.nextCursor;
      if (cursor) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 2]);
    expect(pages.flat()).toEqual(all);
    // Twenty by default.
    expect((await read(tokens.organization)).body).toEqual({ items: all, nextCursor: null });

    const first = (await read(tokens.organization, { limit: '1' })).body.nextCursor as string;
    const refused = [
      await read(tokens.service, { limit: '1', cursor: first }, neighbour.organizationId),
      await read(tokens.organization, { limit: '1', cursor: first, types: 'sales_order.created' }),
      await read(tokens.organization, { limit: '1', cursor: first, since: startedAt }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { pointer: '/query/cursor', message: 'belongs to another query: send it with the organization, types and since of the first page' },
      ]);
    }
    const forged = await read(tokens.organization, { cursor: `${first.slice(0, -2)}AA` });
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual([{ pointer: '/query/cursor', message: 'is not a cursor this service issued' }]);
  });

  it('takes only the types asked for, in any order, and only what occurred since an instant', async () => {
    const all = await readAll(tokens.organization);
    const orderTypes = await readAll(tokens.organization, { types: 'sales_order.shipped,sales_order.created' });
    expect(orderTypes).toEqual(all.filter((e) => e.type === 'sales_order.created'));
    const paged = await readAll(tokens.organization, { types: 'inventory_level.changed,sales_order.created', limit: '1' });
    expect(paged).toEqual(all);
    const cut = all[3].timestamp;
    expect(await readAll(tokens.organization, { since: cut })).toEqual(all.filter((e) => e.timestamp >= cut));
    expect((await readAll(tokens.organization, { since: cut })).length).toBeLessThan(all.length);
    expect(await readAll(tokens.organization, { since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
  });

  it("gives a connector only its connections' stores' orders, and the inventory of their warehouses", async () => {
    const all = await readAll(tokens.organization);
    const seen = await readAll(tokens.connector);
    expect(seen).toEqual(all.filter((e) => (e.type === 'inventory_level.changed' && e.data.warehouseId === org.warehouseId) || e.data.id === orders.mine));
    expect(seen.map((e) => e.data.id)).not.toContain(orders.elsewhere);
    expect(seen.map((e) => e.data.warehouseId)).not.toContain(`${org.warehouseId}-far`);
    expect(all.map((e) => e.data.warehouseId)).toContain(`${org.warehouseId}-far`);
  });

  it('answers 403 to a member and in an organization the caller cannot access, 404 to a service for one that does not exist', async () => {
    expect((await read(tokens.member)).status).toBe(403);
    expect((await read(tokens.organization, {}, neighbour.organizationId)).status).toBe(403);
    expect((await read(tokens.connector, {}, neighbour.organizationId)).status).toBe(403);
    expect((await read(tokens.service, {}, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await read(tokens.owner)).status).toBe(200);
    expect((await read(tokens.service, {}, neighbour.organizationId)).status).toBe(200);
  });

  it.each([
    [{ limit: '0' }, '/query/limit', 'must be an integer from 1 to 100'],
    [{ limit: '101' }, '/query/limit', 'must be an integer from 1 to 100'],
    [{ limit: 'ten' }, '/query/limit', 'must be an integer from 1 to 100'],
    [{ types: 'order.created' }, '/query/types', expect.stringContaining('must be comma-separated event types')],
    [{ types: 'webhook.test' }, '/query/types', expect.stringContaining('must be comma-separated event types')],
    [{ types: '' }, '/query/types', expect.stringContaining('must be comma-separated event types')],
    [{ since: 'yesterday' }, '/query/since', expect.stringContaining('must be an ISO 8601 date-time')],
    [{ after: '1' }, '/query/after', 'is not a known property'],
  ])('refuses %j with 400 at its pointer', async (query, pointer, message) => {
    const res = await read(tokens.organization, query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer, message }]);
  });
});
