// Returns as a shop's integration meets them (contract 6.8): announcing one for a shipped order (what may be
// returned, a parcel the carrier returned, a unit archived since, bad input with pointers, Idempotency-Key),
// two returns racing for the last units, the reads (the order's, the organization's paged and filtered, one;
// a connector's view), cancelling, every state reached through real steps, and the return.* webhooks as a
// receiver verifies them with the same payloads in the events feed. Every answer is checked against the
// served document.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  createTestDatabase,
  fulfilment,
  placeSalesOrder,
  seedOrganization,
  waitUntil,
} from '@gateway/testing';
import { callerTokens } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };
const CREATE = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/returns';
const ONE = '/v0/organizations/{organizationId}/returns/{returnId}';
const LIST = '/v0/organizations/{organizationId}/returns';
const CANCEL = '/v0/organizations/{organizationId}/returns/{returnId}/cancel';
const RETURN_EVENTS = ['return.created', 'return.arrived', 'return.completed', 'return.cancelled'];
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Payload {
  type: string;
  timestamp: string;
  environment: string;
  data: Record<string, unknown>;
}

describe('returns', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let org: SeededOrganization;
  let tokens: Record<string, string>;
  let validator: OpenApiValidator;
  let hookPaths = 0;

  const http = () => request(gateway.app.getHttpServer());
  const create = (salesOrderId: string, body: unknown, options: { key?: string; who?: string; storeId?: string } = {}) => {
    let req = http()
      .post(`/v0/organizations/${org.organizationId}/stores/${options.storeId ?? org.storeId}/sales-orders/${salesOrderId}/returns`)
      .set('Authorization', `Bearer ${tokens[options.who ?? 'organization']}`);
    if (options.key) req = req.set('Idempotency-Key', options.key);
    return req.send(body as object);
  };
  const get = (path: string, who = 'organization') => http().get(path).set('Authorization', `Bearer ${tokens[who]}`);
  const cancel = (returnId: string, who = 'organization') =>
    http().post(`/v0/organizations/${org.organizationId}/returns/${returnId}/cancel`).set('Authorization', `Bearer ${tokens[who]}`);
  /** An order of 3 of B1 and 2 of B2 at a store, shipped in two parcels (all of it). */
  const shippedOrder = async (storeId = org.storeId) => {
    // Stock for it, so that it allocates whatever earlier tests took.
    for (const barcode of [org.barcodes[0], org.barcodes[1]])
      await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode }, 3);
    const placed = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId }, [
      { barcode: org.barcodes[0], quantity: 3 },
      { barcode: org.barcodes[1], quantity: 2 },
    ]);
    await fulfilment(database.db).allocate(org.organizationId, placed.fulfilmentOrderId);
    const first = await fulfilment(database.db).ship(org.organizationId, placed.fulfilmentOrderId, {
      carrier: 'DHL',
      trackingNumber: 'T-1',
      lines: [{ barcode: org.barcodes[0], quantity: 2 }],
    });
    await fulfilment(database.db).ship(org.organizationId, placed.fulfilmentOrderId, { carrier: 'DHL', trackingNumber: 'T-2' });
    return { ...placed, firstShipmentId: first.shipment!.id };
  };
  const created = async (salesOrderId: string, body: unknown, options: { key?: string; who?: string; storeId?: string } = {}) => {
    const res = await create(salesOrderId, body, options);
    expect([res.status, res.body.detail]).toEqual([201, undefined]);
    expect(validator.errors('POST', CREATE, 201, res.body)).toEqual([]);
    return res.body;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    org = await seedOrganization(database.db);
    tokens = await callerTokens(gateway, database.url, org);
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  describe('create', () => {
    it('answers 201 with the return at the warehouse of the order, with its Location, defaults and the skus', async () => {
      const { salesOrderId } = await shippedOrder();
      const tag = org.organizationId.slice(0, 8);
      const res = await create(salesOrderId, {
        reference: 'RMA-1',
        reason: 'DAMAGED',
        note: 'box crushed',
        lines: [
          { barcode: org.barcodes[0], quantity: 2 },
          { barcode: org.barcodes[1], quantity: 1, action: 'DISPOSE' },
        ],
        carrier: 'PostNord',
        trackingNumber: 'R-1',
        trackingUrl: 'https://Tracking.Example/r?id=R 1',
      });
      expect(res.status).toBe(201);
      expect(validator.errors('POST', CREATE, 201, res.body)).toEqual([]);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        salesOrderId,
        organizationId: org.organizationId,
        environment: 'live',
        storeId: org.storeId,
        warehouseId: org.warehouseId,
        reference: 'RMA-1',
        reason: 'DAMAGED',
        note: 'box crushed',
        status: 'AWAITING_ARRIVAL',
        lines: [
          { barcode: org.barcodes[0], sku: `SKU-${tag}-1`, quantity: 2, action: 'RESTOCK' },
          { barcode: org.barcodes[1], sku: `SKU-${tag}-2`, quantity: 1, action: 'DISPOSE' },
        ],
        carrier: 'PostNord',
        trackingNumber: 'R-1',
        trackingUrl: 'https://tracking.example/r?id=R%201',
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: expect.stringMatching(ISO_MS),
      });
      expect(res.headers.location).toBe(`/v0/organizations/${org.organizationId}/returns/${res.body.id}`);
      const one = await get(res.headers.location);
      expect([one.status, one.body]).toEqual([200, res.body]);
      expect(validator.errors('GET', ONE, 200, one.body)).toEqual([]);
    });

    it('takes at most what shipped less what the other returns claim: open its quantity, completed what arrived, cancelled nothing', async () => {
      const { salesOrderId } = await shippedOrder();
      const b1 = (quantity: number) => ({ reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity }] });
      const over = await create(salesOrderId, b1(4));
      expect(over.status).toBe(409);
      expect(validator.errors('POST', CREATE, 409, over.body, 'application/problem+json')).toEqual([]);
      expect(over.body).toMatchObject({
        type: '/problems/return-quantity-exceeded',
        errors: [{ pointer: '/lines/0/quantity', message: `exceeds what may still be returned of ${org.barcodes[0]} (3)` }],
      });
      const open = await created(salesOrderId, b1(2));
      expect((await create(salesOrderId, b1(2))).body.errors).toEqual([
        { pointer: '/lines/0/quantity', message: `exceeds what may still be returned of ${org.barcodes[0]} (1)` },
      ]);
      // Cancelled: it claims nothing.
      expect((await cancel(open.id)).status).toBe(200);
      const completed = await created(salesOrderId, b1(3));
      // Completed with 1 of 3 arrived: it claims 1, so 2 are left.
      await fulfilment(database.db).processReturn(org.organizationId, completed.id, [{ barcode: org.barcodes[0], receivedQuantity: 1, restockQuantity: 1 }]);
      expect((await create(salesOrderId, b1(3))).body.errors).toEqual([
        { pointer: '/lines/0/quantity', message: `exceeds what may still be returned of ${org.barcodes[0]} (2)` },
      ]);
      await created(salesOrderId, b1(2));
      // A barcode of the organization that did not ship with the order.
      const other = await create(salesOrderId, { reason: 'OTHER', lines: [{ barcode: org.barcodes[2], quantity: 1 }] });
      expect([other.status, other.body.errors]).toEqual([409, [{ pointer: '/lines/0/barcode', message: 'did not ship with this order' }]]);
    });

    it('refuses an order with nothing shipped (409), and answers 404 for an unknown order', async () => {
      const { salesOrderId } = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 1 }]);
      const res = await create(salesOrderId, { reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity: 1 }] });
      expect([res.status, res.body.type, res.body.detail]).toEqual([
        409,
        '/problems/return-quantity-exceeded',
        'Nothing of the sales order has shipped yet, so nothing can be returned.',
      ]);
      expect((await create('5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b', { reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity: 1 }] })).status).toBe(404);
      const page = await http().get('/problems/return-quantity-exceeded');
      expect([page.status, page.text.includes('More than may be returned')]).toEqual([200, true]);
    });

    it('keeps a parcel the carrier returned returnable, and accepts a unit archived since', async () => {
      const { salesOrderId, firstShipmentId } = await shippedOrder();
      await fulfilment(database.db).updateShipment(org.organizationId, { shipmentId: firstShipmentId, status: 'RETURNED' });
      await database.db.query('UPDATE retail_units SET archived_at = now() WHERE organization_id = $1 AND barcode = $2', [org.organizationId, org.barcodes[1]]);
      try {
        const body = await created(salesOrderId, {
          reason: 'OTHER',
          lines: [
            { barcode: org.barcodes[0], quantity: 3 },
            { barcode: org.barcodes[1], quantity: 2 },
          ],
        });
        expect(body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([3, 2]);
      } finally {
        await database.db.query('UPDATE retail_units SET archived_at = NULL WHERE organization_id = $1 AND barcode = $2', [
          org.organizationId,
          org.barcodes[1],
        ]);
      }
    });

    it('refuses bad input with pointers: unknown properties, bounds in code points, enums, repeated barcodes, a barcode of another organization', async () => {
      const { salesOrderId } = await shippedOrder();
      const line = { barcode: org.barcodes[0], quantity: 1 };
      const errors = async (body: unknown) => {
        const res = await create(salesOrderId, body);
        expect(res.status).toBe(400);
        expect(validator.errors('POST', CREATE, 400, res.body, 'application/problem+json')).toEqual([]);
        return res.body.errors;
      };
      expect(await errors({ reason: 'OTHER', lines: [line], extra: 1 })).toEqual([{ pointer: '/extra', message: expect.any(String) }]);
      expect(await errors({ reason: 'OTHER', lines: [{ ...line, extra: 1 }] })).toEqual([{ pointer: '/lines/0/extra', message: expect.any(String) }]);
      expect((await errors({ reason: 'BORED', lines: [line] }))[0].pointer).toBe('/reason');
      expect((await errors({ lines: [line] }))[0].pointer).toBe('/reason');
      expect((await errors({ reason: 'OTHER', lines: [] }))[0].pointer).toBe('/lines');
      expect((await errors({ reason: 'OTHER', lines: [{ ...line, action: 'KEEP' }] }))[0].pointer).toBe('/lines/0/action');
      expect((await errors({ reason: 'OTHER', lines: [{ ...line, quantity: 0 }] }))[0].pointer).toBe('/lines/0/quantity');
      expect((await errors({ reason: 'OTHER', lines: [{ ...line, quantity: 2 ** 53 }] }))[0].pointer).toBe('/lines/0/quantity');
      expect(await errors({ reason: 'OTHER', lines: [line, line] })).toEqual([
        { pointer: '/lines/1/barcode', message: 'repeats a barcode of an earlier line' },
      ]);
      // Lengths in code points: 100 emoji outside the BMP are 100, one more is too many; "a\uFE0F" is two.
      expect((await errors({ reason: 'OTHER', lines: [line], reference: '😀'.repeat(101) }))[0].pointer).toBe('/reference');
      expect((await errors({ reason: 'OTHER', lines: [line], note: 'a\uFE0F'.repeat(251) }))[0].pointer).toBe('/note');
      expect((await errors({ reason: 'OTHER', lines: [line], carrier: '' }))[0].pointer).toBe('/carrier');
      expect((await errors({ reason: 'OTHER', lines: [line], trackingNumber: 'x'.repeat(101) }))[0].pointer).toBe('/trackingNumber');
      expect((await errors({ reason: 'OTHER', lines: [line], trackingUrl: 'http://tracking.example/1' }))[0].pointer).toBe('/trackingUrl');
      expect((await errors({ reason: 'OTHER', lines: [line], trackingUrl: `https://t.example/${'a'.repeat(2000)}` }))[0].pointer).toBe('/trackingUrl');
      const longest = await created(salesOrderId, { reason: 'OTHER', lines: [line], reference: '😀'.repeat(100), note: 'a\uFE0F'.repeat(250) });
      expect(longest.reference).toBe('😀'.repeat(100));
      // A barcode of another organization is not one of this organization's units.
      const other = await seedOrganization(database.db);
      expect(await errors({ reason: 'OTHER', lines: [{ barcode: other.barcodes[0], quantity: 1 }] })).toEqual([
        { pointer: '/lines/0/barcode', message: 'is not a retail unit of this organization' },
      ]);
    });

    it('takes an Idempotency-Key: the same request replays the first answer, another request with the key is a 422', async () => {
      const { salesOrderId } = await shippedOrder();
      const body = { reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity: 1 }] };
      const first = await create(salesOrderId, body, { key: 'return-key' });
      expect(first.status).toBe(201);
      const replay = await create(salesOrderId, body, { key: 'return-key' });
      expect([replay.status, replay.headers['idempotent-replayed'], replay.text]).toEqual([201, 'true', first.text]);
      const other = await create(salesOrderId, { ...body, reason: 'DAMAGED' }, { key: 'return-key' });
      expect([other.status, other.body.type]).toEqual([422, '/problems/idempotency-key-reused']);
      expect((await get(`/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders/${salesOrderId}/returns`)).body.items).toHaveLength(1);
    });
  });

  it('lets only one of many returns racing for the last units through: one 201, the rest 409, never more returned than shipped', async () => {
    for (let round = 0; round < 3; round++) {
      const placed = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 1 }]);
      await fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1);
      await fulfilment(database.db).allocate(org.organizationId, placed.fulfilmentOrderId);
      await fulfilment(database.db).ship(org.organizationId, placed.fulfilmentOrderId);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => create(placed.salesOrderId, { reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity: 1 }] })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.type).toBe('/problems/return-quantity-exceeded');
      const { rows } = await database.db.query<{ claimed: number }>(
        'SELECT coalesce(sum(rl.quantity), 0)::int AS claimed FROM returns r JOIN return_lines rl ON rl.return_id = r.id WHERE r.sales_order_id = $1',
        [placed.salesOrderId],
      );
      expect(rows[0].claimed).toBe(1);
    }
  });

  describe('reads and cancel', () => {
    it("lists an order's returns oldest first, and the organization's newest first in pages, by status and updatedSince; a connector sees its stores' only", async () => {
      const fresh = await seedOrganization(database.db);
      const saved = org;
      org = fresh;
      tokens = await callerTokens(gateway, database.url, org);
      try {
        const own = await shippedOrder();
        const elsewhere = await shippedOrder(org.otherStoreId);
        const a = await created(own.salesOrderId, { reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity: 1 }] });
        const b = await created(own.salesOrderId, { reason: 'OTHER', lines: [{ barcode: org.barcodes[1], quantity: 1 }] });
        const c = await created(elsewhere.salesOrderId, { reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity: 1 }] }, { storeId: org.otherStoreId });
        const ofOrder = await get(`/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders/${own.salesOrderId}/returns`);
        expect(ofOrder.status).toBe(200);
        expect(validator.errors('GET', CREATE, 200, ofOrder.body)).toEqual([]);
        expect(ofOrder.body.items.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);

        const page1 = await get(`/v0/organizations/${org.organizationId}/returns?limit=2`);
        expect(validator.errors('GET', LIST, 200, page1.body)).toEqual([]);
        expect(page1.body.items.map((r: { id: string }) => r.id)).toEqual([c.id, b.id]);
        const page2 = await get(`/v0/organizations/${org.organizationId}/returns?limit=2&cursor=${encodeURIComponent(page1.body.nextCursor)}`);
        expect([page2.body.items.map((r: { id: string }) => r.id), page2.body.nextCursor]).toEqual([[a.id], null]);
        // The cursor belongs to its filters.
        expect(
          (await get(`/v0/organizations/${org.organizationId}/returns?limit=2&status=CANCELLED&cursor=${encodeURIComponent(page1.body.nextCursor)}`)).status,
        ).toBe(400);

        expect((await cancel(b.id)).status).toBe(200);
        const cancelled = await get(`/v0/organizations/${org.organizationId}/returns?status=CANCELLED`);
        expect(cancelled.body.items.map((r: { id: string }) => r.id)).toEqual([b.id]);
        const since = (await get(`/v0/organizations/${org.organizationId}/returns?updatedSince=${encodeURIComponent(cancelled.body.items[0].updatedAt)}`)).body;
        expect(since.items.map((r: { id: string }) => r.id)).toEqual([b.id]);
        expect((await get(`/v0/organizations/${org.organizationId}/returns?status=LOST`)).body.errors[0].pointer).toBe('/query/status');
        expect((await get(`/v0/organizations/${org.organizationId}/returns?updatedSince=yesterday`)).body.errors[0].pointer).toBe('/query/updatedSince');

        const connector = await get(`/v0/organizations/${org.organizationId}/returns`, 'connector');
        expect(connector.body.items.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
        expect((await get(`/v0/organizations/${org.organizationId}/returns/${c.id}`, 'connector')).status).toBe(403);
        expect((await cancel(c.id, 'connector')).status).toBe(403);
        const stranger = await seedOrganization(database.db);
        expect((await get(`/v0/organizations/${stranger.organizationId}/returns`)).status).toBe(403);
        expect((await get(`/v0/organizations/${org.organizationId}/returns/5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b`)).status).toBe(404);
      } finally {
        org = saved;
        tokens = await callerTokens(gateway, database.url, org);
      }
    });

    it('cancels a return awaiting arrival (200, and 200 again), refuses once it arrived (409 return-not-cancellable), and reaches every state', async () => {
      const { salesOrderId } = await shippedOrder();
      const line = (barcode: string) => ({ reason: 'OTHER', lines: [{ barcode, quantity: 1 }] });
      const toCancel = await created(salesOrderId, line(org.barcodes[0]));
      const first = await cancel(toCancel.id);
      expect(validator.errors('POST', CANCEL, 200, first.body)).toEqual([]);
      expect(first.body).toEqual({ ...toCancel, status: 'CANCELLED', updatedAt: expect.stringMatching(ISO_MS), cancelledAt: expect.stringMatching(ISO_MS) });
      const again = await cancel(toCancel.id);
      expect([again.status, again.body]).toEqual([200, first.body]);
      expect((await cancel(toCancel.id).send({ why: 'x' })).status).toBe(400);

      const arrived = await created(salesOrderId, line(org.barcodes[0]));
      await fulfilment(database.db).returnArrived(org.organizationId, arrived.id);
      const refused = await cancel(arrived.id);
      expect([refused.status, refused.body.type]).toEqual([409, '/problems/return-not-cancellable']);
      expect(validator.errors('POST', CANCEL, 409, refused.body, 'application/problem+json')).toEqual([]);
      expect((await get(`/v0/organizations/${org.organizationId}/returns/${arrived.id}`)).body.status).toBe('ARRIVED');
      await fulfilment(database.db).processReturn(org.organizationId, arrived.id, [{ barcode: org.barcodes[0], receivedQuantity: 1, restockQuantity: 1 }]);
      const completed = (await get(`/v0/organizations/${org.organizationId}/returns/${arrived.id}`)).body;
      expect(completed).toMatchObject({ status: 'COMPLETED', lines: [{ receivedQuantity: 1, restockedQuantity: 1 }] });
      expect(validator.errors('GET', ONE, 200, completed)).toEqual([]);
      expect((await cancel(arrived.id)).status).toBe(409);
    });
  });

  it("sends return.* webhooks (verified, as documented) with inventory_level.changed as stock comes back, a connector's endpoint only its stores', and the feed holds them", async () => {
    const register = async (eventTypes: string[], who = 'organization') => {
      const path = `/returns/${++hookPaths}`;
      const res = await http()
        .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
        .set('Authorization', `Bearer ${tokens[who]}`)
        .send({ url: receiver.url(path), eventTypes });
      expect(res.status).toBe(201);
      return { secret: res.body.secret as string, path };
    };
    const payloads = (endpoint: { secret: string; path: string }): Payload[] =>
      receiver.received
        .filter((r) => r.path === endpoint.path)
        .map((r) => {
          const payload = new Webhook(endpoint.secret).verify(r.body, r.headers) as Payload;
          expect(validator.webhookErrors(payload.type, payload)).toEqual([]);
          return payload;
        });
    const all = await register([...RETURN_EVENTS, 'inventory_level.changed']);
    const connector = await register(RETURN_EVENTS, 'connector');
    const own = await shippedOrder();
    const elsewhere = await shippedOrder(org.otherStoreId);

    const kept = await created(own.salesOrderId, { reason: 'OTHER', lines: [{ barcode: org.barcodes[0], quantity: 2 }] });
    await fulfilment(database.db).returnArrived(org.organizationId, kept.id);
    await fulfilment(database.db).processReturn(org.organizationId, kept.id, [{ barcode: org.barcodes[0], receivedQuantity: 2, restockQuantity: 1 }]);
    const dropped = await created(
      elsewhere.salesOrderId,
      { reason: 'OTHER', lines: [{ barcode: org.barcodes[1], quantity: 1 }] },
      { storeId: org.otherStoreId },
    );
    await cancel(dropped.id);

    const returnEvents = () => payloads(all).filter((p) => p.type.startsWith('return.'));
    await waitUntil(() => returnEvents().length === 5 && payloads(all).some((p) => p.type === 'inventory_level.changed'));
    const now = (await get(`/v0/organizations/${org.organizationId}/returns/${kept.id}`)).body;
    // Deliveries of different events may arrive in any order: compared as sets.
    const bySubject = (pairs: unknown[][]) => pairs.map((p) => p.join(' ')).sort();
    expect(bySubject(returnEvents().map((p) => [p.type, p.data.id]))).toEqual(
      bySubject([
        ['return.created', kept.id],
        ['return.arrived', kept.id],
        ['return.completed', kept.id],
        ['return.created', dropped.id],
        ['return.cancelled', dropped.id],
      ]),
    );
    expect(returnEvents().find((p) => p.type === 'return.completed')?.data).toEqual(now);
    const restocked = payloads(all).filter((p) => p.type === 'inventory_level.changed' && p.data.barcode === org.barcodes[0]);
    expect(restocked.at(-1)?.data).toMatchObject({ warehouseId: org.warehouseId, barcode: org.barcodes[0] });

    // The connector's endpoint hears of its store's return only.
    await waitUntil(() => payloads(connector).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(bySubject(payloads(connector).map((p) => [p.type, p.data.id]))).toEqual(
      bySubject([
        ['return.created', kept.id],
        ['return.arrived', kept.id],
        ['return.completed', kept.id],
      ]),
    );

    const feed = await get(`/v0/organizations/${org.organizationId}/events?types=${RETURN_EVENTS.join(',')}&limit=100`);
    expect(feed.status).toBe(200);
    const ids = new Set([kept.id, dropped.id]);
    // The feed is in commit order; deliveries in arrival order: compared keyed by event.
    const byEvent = (events: Payload[]) => [...events].sort((a, b) => `${a.type} ${a.data.id}`.localeCompare(`${b.type} ${b.data.id}`));
    expect(
      byEvent(feed.body.items.filter((e: Payload) => ids.has(e.data.id as string))).map((e: Payload) => ({
        type: e.type,
        timestamp: e.timestamp,
        environment: e.environment,
        data: e.data,
      })),
    ).toEqual(byEvent(returnEvents()));
    const connectorFeed = await get(`/v0/organizations/${org.organizationId}/events?types=${RETURN_EVENTS.join(',')}&limit=100`, 'connector');
    expect(connectorFeed.body.items.some((e: Payload) => e.data.id === dropped.id)).toBe(false);
    expect(connectorFeed.body.items.some((e: Payload) => e.data.id === kept.id)).toBe(true);
  });
});
