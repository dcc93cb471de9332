// Where an order goes and calling it back (contract 6.7): the shipping address on creation (validated field
// by field, part of the idempotency fingerprint, in every representation of the order, left out when
// absent), PATCH of the address while the warehouse has not started (sales_order.updated, once per change,
// a connector's endpoint only for its store), and the integrator's cancel (the stock released as the
// internal cancel releases it, 200 again unchanged when already cancelled, 409 sales-order-not-cancellable
// from the states it cannot leave, Idempotency-Key). Every answer is checked against the served document.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  createTestClient,
  createTestDatabase,
  fulfilment,
  seedOrganization,
  waitUntil,
} from '@gateway/testing';
import { WEBHOOK_EVENT_TYPES } from '@gateway/public-api';
import { ProblemError, RetailUnit, ShippingAddress, createPublicClient, retailUnits, salesOrders, unwrap } from '@gateway/sdk';
import { callerTokens } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const ONE = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}';
const LIST = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders';
const CANCEL = `${ONE}/cancel`;
const MISSING_ORDER = '00000000-0000-4000-8000-000000000000';

const ADDRESS = {
  name: 'Anna Berg',
  company: 'Berg AB',
  line1: 'Storgatan 12',
  line2: 'c/o Lind',
  postalCode: '111 51',
  city: 'Stockholm',
  region: 'Stockholms län',
  countryCode: 'SE',
};
const ADDRESS_FIELD_ORDER = ['name', 'company', 'line1', 'line2', 'postalCode', 'city', 'region', 'countryCode'];
const NEW_ADDRESS = { line1: 'Calle Mayor 1', city: 'Lima', countryCode: 'PE' };

interface Level {
  onHand: number;
  allocated: number;
  pendingAllocation: number;
}

describe('sales order changes: shipping address, PATCH and cancel', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let validator: OpenApiValidator;
  let org: SeededOrganization;
  let tokens: Record<string, string>;
  let endpoints: { organization: { id: string; secret: string }; connector: { id: string; secret: string } };

  const http = () => request(gateway.app.getHttpServer());
  const ordersPath = (storeId = org.storeId) => `/v0/organizations/${org.organizationId}/stores/${storeId}/sales-orders`;
  const check = (method: string, template: string, res: request.Response) => {
    expect(validator.errors(method, template, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const create = async (body: Record<string, unknown>, options: { storeId?: string; key?: string; token?: string } = {}) => {
    let req = http()
      .post(ordersPath(options.storeId))
      .set('Authorization', `Bearer ${options.token ?? tokens.service}`);
    if (options.key) req = req.set('Idempotency-Key', options.key);
    return check('POST', LIST, await req.send(body));
  };
  const orderBody = (extra: Record<string, unknown> = {}, quantity = 1, barcode?: string) => ({
    orderReference: `REF-${Math.random().toString(36).slice(2, 10)}`,
    customer: { firstName: 'Ada' },
    lineItems: [{ sku: 'any', barcode: barcode ?? org.barcodes[0], quantity }],
    ...extra,
  });
  const placed = async (extra: Record<string, unknown> = {}, options: { storeId?: string; quantity?: number; barcode?: string } = {}) => {
    const res = await create(orderBody(extra, options.quantity ?? 1, options.barcode), { storeId: options.storeId });
    expect(res.status).toBe(201);
    return res.body as { id: string; fulfilmentOrderId: string; createdAt: string } & Record<string, unknown>;
  };
  const read = async (id: string, storeId = org.storeId) =>
    check(
      'GET',
      ONE,
      await http()
        .get(`${ordersPath(storeId)}/${id}`)
        .set('Authorization', `Bearer ${tokens.service}`),
    );
  const patch = async (id: string, body: unknown, options: { storeId?: string; token?: string } = {}) =>
    check(
      'PATCH',
      ONE,
      await http()
        .patch(`${ordersPath(options.storeId)}/${id}`)
        .set('Authorization', `Bearer ${options.token ?? tokens.service}`)
        .send(body as object),
    );
  const cancel = async (id: string, body?: unknown, options: { storeId?: string; key?: string; token?: string } = {}) => {
    let req = http()
      .post(`${ordersPath(options.storeId)}/${id}/cancel`)
      .set('Authorization', `Bearer ${options.token ?? tokens.service}`);
    if (options.key) req = req.set('Idempotency-Key', options.key);
    return check('POST', CANCEL, await (body === undefined ? req : req.send(body as object)));
  };
  const level = async (barcode = org.barcodes[0]): Promise<Level> =>
    (
      await database.db.query<Level>(
        `SELECT on_hand::float8 AS "onHand", allocated::float8 AS allocated, pending_allocation::float8 AS "pendingAllocation"
           FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3`,
        [org.organizationId, org.warehouseId, barcode],
      )
    ).rows[0];
  const domainEvents = async (salesOrderId: string, type: string) =>
    Number(
      (await database.db.query<{ n: string }>('SELECT count(*) AS n FROM domain_events WHERE aggregate_id = $1 AND type = $2', [salesOrderId, type])).rows[0].n,
    );
  /** The webhooks an endpoint was sent for one order, verified, as { type, data }. */
  const delivered = (path: string, secret: string, salesOrderId: string) =>
    receiver.received
      .filter((r) => r.path === path)
      .map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: { id: string } & Record<string, unknown> })
      .filter((payload) => payload.data.id === salesOrderId);
  /**
   * One order in each state the integrator can no longer change, each reached through the commands that lead
   * there, so that it holds what an order in that state holds: PARTIALLY_SHIPPED by shipping one of its two
   * units, WITHDRAWN by the warehouse's withdraw. No command leaves an order in PICKING (shipping passes
   * through it): that one is allocated, then given the status alone, still holding its allocation.
   */
  const pastChanges = async (extra: Record<string, unknown> = {}) => {
    const flow = fulfilment(database.db);
    const shipped = await placed(extra);
    await flow.allocate(org.organizationId, shipped.fulfilmentOrderId);
    await flow.ship(org.organizationId, shipped.fulfilmentOrderId);
    const partiallyShipped = await placed(extra, { quantity: 2 });
    await flow.allocate(org.organizationId, partiallyShipped.fulfilmentOrderId);
    await flow.ship(org.organizationId, partiallyShipped.fulfilmentOrderId, { lines: [{ barcode: org.barcodes[0], quantity: 1 }] });
    const picking = await placed(extra);
    await flow.allocate(org.organizationId, picking.fulfilmentOrderId);
    await database.db.query("UPDATE fulfilment_orders SET status = 'PICKING' WHERE id = $1", [picking.fulfilmentOrderId]);
    const withdrawn = await placed(extra);
    await flow.withdraw(org.organizationId, withdrawn.fulfilmentOrderId);
    const orders = [
      [shipped, 'SHIPPED'],
      [partiallyShipped, 'PARTIALLY_SHIPPED'],
      [picking, 'PICKING'],
      [withdrawn, 'WITHDRAWN'],
    ] as const;
    for (const [order, status] of orders) expect([status, (await read(order.id)).body.fulfilmentStatus]).toEqual([status, status]);
    return orders;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' });
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    org = await seedOrganization(database.db);
    tokens = await callerTokens(gateway, database.url, org);
    const register = async (token: string, path: string, eventTypes: string[]) => {
      const res = await http()
        .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
        .set('Authorization', `Bearer ${token}`)
        .send({ url: receiver.url(path), eventTypes });
      expect(res.status).toBe(201);
      return { id: res.body.id, secret: res.body.secret };
    };
    endpoints = {
      // Every event type at once: the eventTypes limit follows the catalogue.
      organization: await register(tokens.organization, '/organization', [...WEBHOOK_EVENT_TYPES]),
      connector: await register(tokens.connector, '/connector', ['sales_order.updated', 'sales_order.cancelled']),
    };
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  describe('the shipping address on creation', () => {
    it('is stored and returned, in its documented field order, in the 201, the read, the list and the webhook', async () => {
      const shuffled = Object.fromEntries(Object.entries(ADDRESS).reverse());
      const order = await placed({ shippingAddress: shuffled });
      expect(order.shippingAddress).toEqual(ADDRESS);
      expect(Object.keys(order.shippingAddress as object)).toEqual(ADDRESS_FIELD_ORDER);
      const got = await read(order.id);
      expect(got.body.shippingAddress).toEqual(ADDRESS);
      expect(Object.keys(got.body.shippingAddress)).toEqual(ADDRESS_FIELD_ORDER);
      const listed = check(
        'GET',
        LIST,
        await http().get(ordersPath()).query({ orderReference: order.orderReference }).set('Authorization', `Bearer ${tokens.service}`),
      );
      expect(listed.body.items).toEqual([got.body]);
      await waitUntil(() => delivered('/organization', endpoints.organization.secret, order.id).some((p) => p.type === 'sales_order.created'));
      const created = delivered('/organization', endpoints.organization.secret, order.id).find((p) => p.type === 'sales_order.created');
      expect(created!.data.shippingAddress).toEqual(ADDRESS);
    });

    it('is left out of every representation of an order that has none', async () => {
      const order = await placed();
      expect('shippingAddress' in order).toBe(false);
      expect('shippingAddress' in (await read(order.id)).body).toBe(false);
      expect('cancellationReason' in (await read(order.id)).body).toBe(false);
    });

    it('accepts the minimal address and any ISO 3166-1 alpha-2 code, also those after the spec cut its list', async () => {
      for (const countryCode of ['PE', 'ZW', 'GB', 'US', 'AN']) {
        const order = await placed({ shippingAddress: { line1: 'x', city: 'y', countryCode } });
        expect(order.shippingAddress).toEqual({ line1: 'x', city: 'y', countryCode });
      }
    });

    it('refuses wrong values and unknown properties field by field, with pointers into the address', async () => {
      const res = await create(
        orderBody({
          shippingAddress: {
            name: '',
            company: 'c'.repeat(201),
            line1: 'l'.repeat(201),
            line2: 7,
            postalCode: 'p'.repeat(21),
            city: 'c'.repeat(101),
            region: '',
            countryCode: 'se',
            floor: 3,
          },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation-failed');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/shippingAddress/name', message: 'must be 1 to 200 characters' },
          { pointer: '/shippingAddress/company', message: 'must be 1 to 200 characters' },
          { pointer: '/shippingAddress/line1', message: 'must be 1 to 200 characters' },
          { pointer: '/shippingAddress/line2', message: 'must be a string' },
          { pointer: '/shippingAddress/postalCode', message: 'must be 1 to 20 characters' },
          { pointer: '/shippingAddress/city', message: 'must be 1 to 100 characters' },
          { pointer: '/shippingAddress/region', message: 'must be 1 to 100 characters' },
          { pointer: '/shippingAddress/countryCode', message: 'must be an ISO 3166-1 alpha-2 code' },
          { pointer: '/shippingAddress/floor', message: 'is not a known property' },
        ]),
      );
      expect(res.body.errors).toHaveLength(9);
      const missing = await create(orderBody({ shippingAddress: { name: 'x' } }));
      expect(missing.body.errors).toEqual([
        { pointer: '/shippingAddress/line1', message: 'is required' },
        { pointer: '/shippingAddress/city', message: 'is required' },
        { pointer: '/shippingAddress/countryCode', message: 'is required' },
      ]);
      for (const value of [null, 'Storgatan 12', []]) {
        const wrong = await create(orderBody({ shippingAddress: value }));
        expect([value, wrong.status, wrong.body.errors]).toEqual([value, 400, [{ pointer: '/shippingAddress', message: 'must be an object' }]]);
      }
    });

    it('is part of the idempotency fingerprint: the same key with another address is a 422, with the same one a replay', async () => {
      const body = orderBody({ shippingAddress: ADDRESS });
      const first = await create(body, { key: 'address-fingerprint' });
      expect(first.status).toBe(201);
      const other = await create({ ...body, shippingAddress: { ...ADDRESS, line2: 'c/o Someone else' } }, { key: 'address-fingerprint' });
      expect(other.status).toBe(422);
      expect(other.body.type).toBe('/problems/idempotency-key-reused');
      const replay = await create(body, { key: 'address-fingerprint' });
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.text).toBe(first.text);
    });
  });

  describe('PATCH of the shipping address', () => {
    it('replaces it while OPEN, sends sales_order.updated once per change, and answers an unchanged address without an event', async () => {
      const order = await placed({ shippingAddress: ADDRESS });
      const before = (await read(order.id)).body;
      const res = await patch(order.id, { shippingAddress: NEW_ADDRESS });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...before, shippingAddress: NEW_ADDRESS, updatedAt: res.body.updatedAt });
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      expect((await read(order.id)).body).toEqual(res.body);
      const again = await patch(order.id, { shippingAddress: { countryCode: 'PE', city: 'Lima', line1: 'Calle Mayor 1' } });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(res.body);
      expect(await domainEvents(order.id, 'SalesOrderUpdated')).toBe(1);
      // The organization's endpoint and the connector's (the order is in the connector's store) each get it once.
      for (const [path, secret] of [
        ['/organization', endpoints.organization.secret],
        ['/connector', endpoints.connector.secret],
      ]) {
        await waitUntil(() => delivered(path, secret, order.id).some((p) => p.type === 'sales_order.updated'));
        const updates = delivered(path, secret, order.id).filter((p) => p.type === 'sales_order.updated');
        expect(updates).toHaveLength(1);
        expect(updates[0].data).toEqual(res.body);
      }
      const feed = await http()
        .get(`/v0/organizations/${org.organizationId}/events`)
        .query({ types: 'sales_order.updated' })
        .set('Authorization', `Bearer ${tokens.organization}`);
      expect(
        feed.body.items.filter((e: { data: { id: string } }) => e.data.id === order.id).map((e: { type: string; data: unknown }) => [e.type, e.data]),
      ).toEqual([['sales_order.updated', res.body]]);
    });

    it("gives a connector's endpoint no sales_order.updated of a store outside its connections", async () => {
      const elsewhere = await placed({}, { storeId: org.otherStoreId });
      const watched = await placed();
      expect((await patch(elsewhere.id, { shippingAddress: NEW_ADDRESS }, { storeId: org.otherStoreId })).status).toBe(200);
      expect((await patch(watched.id, { shippingAddress: NEW_ADDRESS })).status).toBe(200);
      await waitUntil(() => delivered('/connector', endpoints.connector.secret, watched.id).length === 1);
      await waitUntil(() => delivered('/organization', endpoints.organization.secret, elsewhere.id).some((p) => p.type === 'sales_order.updated'));
      expect(delivered('/connector', endpoints.connector.secret, elsewhere.id)).toEqual([]);
    });

    it('is allowed from ALLOCATED and BACK_ORDERED, and a 409 problem from PICKING, PARTIALLY_SHIPPED, SHIPPED, CANCELLED and WITHDRAWN', async () => {
      const flow = fulfilment(database.db);
      const allocated = await placed();
      await flow.allocate(org.organizationId, allocated.fulfilmentOrderId);
      const backOrdered = await placed({}, { quantity: 1_000_000 });
      await flow.allocate(org.organizationId, backOrdered.fulfilmentOrderId);
      for (const [order, status] of [
        [allocated, 'ALLOCATED'],
        [backOrdered, 'BACK_ORDERED'],
      ] as const) {
        const res = await patch(order.id, { shippingAddress: NEW_ADDRESS });
        expect([status, res.status, res.body.fulfilmentStatus, res.body.shippingAddress]).toEqual([status, 200, status, NEW_ADDRESS]);
      }
      const cancelled = await placed({ shippingAddress: ADDRESS });
      await flow.cancel(org.organizationId, cancelled.fulfilmentOrderId);
      for (const [order, status] of [...(await pastChanges({ shippingAddress: ADDRESS })), [cancelled, 'CANCELLED'] as const]) {
        const stock = await level();
        const res = await patch(order.id, { shippingAddress: NEW_ADDRESS });
        expect([status, res.status, res.body]).toEqual([
          status,
          409,
          {
            type: '/problems/fulfilment-order-state',
            title: 'Conflict',
            status: 409,
            detail: `The shipping address of an order whose fulfilment order is ${status} can no longer be changed; allowed while it is OPEN, ALLOCATED, BACK_ORDERED.`,
          },
        ]);
        expect((await read(order.id)).body.shippingAddress).toEqual(ADDRESS);
        expect(await level()).toEqual(stock);
      }
    });

    it('validates its body, and answers 404, 403 and 400 for unknown orders, foreign stores and bad ids', async () => {
      const order = await placed();
      expect((await patch(order.id, {})).body.errors).toEqual([{ pointer: '/shippingAddress', message: 'is required' }]);
      expect((await patch(order.id, { shippingAddress: NEW_ADDRESS, note: 'x' })).body.errors).toEqual([
        { pointer: '/note', message: 'is not a known property' },
      ]);
      expect((await patch(order.id, { shippingAddress: { ...NEW_ADDRESS, countryCode: 'XX' } })).body.errors).toEqual([
        { pointer: '/shippingAddress/countryCode', message: 'must be an ISO 3166-1 alpha-2 code' },
      ]);
      expect((await patch(MISSING_ORDER, { shippingAddress: NEW_ADDRESS })).status).toBe(404);
      expect((await patch(order.id, { shippingAddress: NEW_ADDRESS }, { storeId: org.otherStoreId })).status).toBe(404);
      expect((await patch(order.id, { shippingAddress: NEW_ADDRESS }, { storeId: org.otherStoreId, token: tokens.connector })).status).toBe(403);
      expect((await patch('not-a-uuid', { shippingAddress: NEW_ADDRESS })).body.errors).toEqual([{ pointer: '/path/salesOrderId', message: 'must be a UUID' }]);
      // Whoever may create orders on the store may change them: the connector through its connection, the member.
      expect((await patch(order.id, { shippingAddress: NEW_ADDRESS }, { token: tokens.connector })).status).toBe(200);
      expect((await patch(order.id, { shippingAddress: ADDRESS }, { token: tokens.member })).status).toBe(200);
    });
  });

  describe('cancel', () => {
    it('cancels an OPEN order with its reason, releases its pendingAllocation, and answers it again unchanged with no second event', async () => {
      const before = await level();
      const order = await placed({ shippingAddress: ADDRESS }, { quantity: 2 });
      expect(await level()).toEqual({ ...before, pendingAllocation: before.pendingAllocation + 2 });
      const open = (await read(order.id)).body;
      const res = await cancel(order.id, { reason: 'customer changed their mind' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...open,
        status: 'CANCELLED',
        fulfilmentStatus: 'CANCELLED',
        updatedAt: res.body.updatedAt,
        cancellationReason: 'customer changed their mind',
      });
      expect(await level()).toEqual(before);
      expect((await read(order.id)).body).toEqual(res.body);
      const again = await cancel(order.id, { reason: 'another reason' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(res.body);
      expect(await level()).toEqual(before);
      expect(await domainEvents(order.id, 'SalesOrderCancelled')).toBe(1);
      await waitUntil(() => delivered('/organization', endpoints.organization.secret, order.id).some((p) => p.type === 'sales_order.cancelled'));
      const cancelledEvents = delivered('/organization', endpoints.organization.secret, order.id).filter((p) => p.type === 'sales_order.cancelled');
      expect(cancelledEvents.map((p) => p.data)).toEqual([res.body]);
    });

    it('cancels ALLOCATED and BACK_ORDERED orders, releasing what each held, with or without a body', async () => {
      const flow = fulfilment(database.db);
      const before = await level();
      const allocated = await placed({}, { quantity: 3 });
      await flow.allocate(org.organizationId, allocated.fulfilmentOrderId);
      expect(await level()).toEqual({ ...before, allocated: before.allocated + 3 });
      const noBody = await cancel(allocated.id);
      expect([noBody.status, noBody.body.fulfilmentStatus, 'cancellationReason' in noBody.body]).toEqual([200, 'CANCELLED', false]);
      expect(await level()).toEqual(before);
      const backOrdered = await placed({}, { quantity: 1_000_000 });
      await flow.allocate(org.organizationId, backOrdered.fulfilmentOrderId);
      expect((await read(backOrdered.id)).body.fulfilmentStatus).toBe('BACK_ORDERED');
      const emptyBody = await cancel(backOrdered.id, {});
      expect([emptyBody.status, emptyBody.body.status]).toEqual([200, 'CANCELLED']);
      expect(await level()).toEqual(before);
    });

    it('is a 409 sales-order-not-cancellable from PICKING, PARTIALLY_SHIPPED, SHIPPED and WITHDRAWN, changing nothing', async () => {
      for (const [order, status] of await pastChanges()) {
        const stock = await level();
        const readBefore = (await read(order.id)).body;
        const res = await cancel(order.id, { reason: 'too late' });
        expect([status, res.status, res.body]).toEqual([
          status,
          409,
          {
            type: '/problems/sales-order-not-cancellable',
            title: 'Conflict',
            status: 409,
            detail: `The sales order can no longer be cancelled: its fulfilment order is ${status}.`,
          },
        ]);
        expect((await read(order.id)).body).toEqual(readBefore);
        expect(await level()).toEqual(stock);
        expect(await domainEvents(order.id, 'SalesOrderCancelled')).toBe(0);
      }
      const page = await http().get('/problems/sales-order-not-cancellable');
      expect(page.status).toBe(200);
      expect(page.text).toContain('The sales order can no longer be cancelled');
    });

    it('takes an Idempotency-Key: the same request replays the first answer, another request with the key is a 422', async () => {
      const order = await placed();
      const first = await cancel(order.id, { reason: 'duplicate order' }, { key: 'cancel-key' });
      expect(first.status).toBe(200);
      const replay = await cancel(order.id, { reason: 'duplicate order' }, { key: 'cancel-key' });
      expect([replay.status, replay.headers['idempotent-replayed'], replay.text]).toEqual([200, 'true', first.text]);
      const other = await cancel(order.id, { reason: 'another' }, { key: 'cancel-key' });
      expect([other.status, other.body.type]).toEqual([422, '/problems/idempotency-key-reused']);
      // The key belongs to this cancel of this order: creating an order with it is another request too.
      expect((await create(orderBody(), { key: 'cancel-key' })).status).toBe(422);
    });

    it('validates its body, and answers 404, 403 and 400 for unknown orders, foreign stores and bad ids', async () => {
      const order = await placed();
      expect((await cancel(order.id, { reason: 'r'.repeat(501) })).body.errors).toEqual([{ pointer: '/reason', message: 'must be 1 to 500 characters' }]);
      expect((await cancel(order.id, { reason: 5 })).body.errors).toEqual([{ pointer: '/reason', message: 'must be a string' }]);
      expect((await cancel(order.id, { reason: 'x', force: true })).body.errors).toEqual([{ pointer: '/force', message: 'is not a known property' }]);
      expect((await cancel(MISSING_ORDER)).status).toBe(404);
      expect((await cancel(order.id, undefined, { storeId: org.otherStoreId })).status).toBe(404);
      expect((await cancel(order.id, undefined, { storeId: org.otherStoreId, token: tokens.connector })).status).toBe(403);
      const elsewhere = (organizationId: string, token: string) =>
        http()
          .post(`/v0/organizations/${organizationId}/stores/${org.storeId}/sales-orders/${order.id}/cancel`)
          .set('Authorization', `Bearer ${token}`)
          .set('Idempotency-Key', 'cancel-access');
      const unknown = await elsewhere(MISSING_ORDER, tokens.service);
      expect([unknown.status, unknown.body.detail]).toEqual([404, 'The organization does not exist.']);
      // Access is decided before the key's stored answer: sent to another organization, the key is a 403, not a 422.
      expect((await cancel((await placed()).id, undefined, { key: 'cancel-access', token: tokens.organization })).status).toBe(200);
      const other = await seedOrganization(database.db);
      const refused = await elsewhere(other.organizationId, tokens.organization);
      expect([refused.status, refused.headers['idempotent-replayed']]).toEqual([403, undefined]);
      expect((await read(order.id)).body.fulfilmentStatus).toBe('OPEN');
      const byConnector = await cancel(order.id, { reason: 'r'.repeat(500) }, { token: tokens.connector });
      expect([byConnector.status, byConnector.body.cancellationReason]).toEqual([200, 'r'.repeat(500)]);
    });
  });

  describe('through @gateway/sdk', () => {
    it('creates an order with its address, reads it, corrects the address, cancels it (again: the same), and reads the catalogue page by page', async () => {
      const client = await createTestClient(database.url, { type: 'SERVICE' });
      const api = createPublicClient({ baseUrl: gateway.url, clientId: client.clientId, clientSecret: client.clientSecret });
      const address: ShippingAddress = { name: 'Ada', line1: 'Storgatan 12', city: 'Stockholm', countryCode: 'SE' };
      const created = await unwrap(
        api.POST('/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', {
          params: { path: { organizationId: org.organizationId, storeId: org.storeId } },
          body: { ...orderBody(), shippingAddress: address },
        }),
      );
      expect(created.shippingAddress).toEqual(address);
      const orders = salesOrders(api, org.organizationId, org.storeId);
      expect((await orders.get(created.id)).shippingAddress).toEqual(address);
      const corrected = await orders.updateShippingAddress(created.id, { ...address, line1: 'Storgatan 14' });
      expect(corrected.shippingAddress).toEqual({ ...address, line1: 'Storgatan 14' });
      const cancelled = await orders.cancel(created.id, { reason: 'sent by mistake', idempotencyKey: `cancel-${created.id}` });
      expect([cancelled.status, cancelled.fulfilmentStatus, cancelled.cancellationReason]).toEqual(['CANCELLED', 'CANCELLED', 'sent by mistake']);
      expect(await orders.cancel(created.id)).toEqual(cancelled);
      const refused = await orders.updateShippingAddress(created.id, address).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ProblemError);
      expect([(refused as ProblemError).status, (refused as ProblemError).type]).toEqual([409, '/problems/fulfilment-order-state']);
      const units: RetailUnit[] = [];
      for await (const unit of retailUnits(api, org.organizationId, { limit: 1, includeArchived: true })) units.push(unit);
      expect(units.map((u) => u.barcode)).toEqual([...org.barcodes].sort());
    });
  });
});
