// Reading sales orders back (contract 6.2): Location on the 201, one order with its fulfilment state, the
// paged list newest first with its filter and cursor, the access table of creation for every client type,
// and every answer validated against the served OpenAPI document.
import request from 'supertest';
import { OpenApiValidator, SeededOrganization, seedOrganization } from '@gateway/testing';
import { callerTokens } from './support/caller-tokens';
import { usePublicGateway } from './support/start-public-gateway';

const MISSING_ORDER = '00000000-0000-4000-8000-000000000000';
const ONE = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}';
const LIST = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders';

describe('sales-order reads', () => {
  const { database, gateway } = usePublicGateway();
  let own: SeededOrganization;
  let other: SeededOrganization;
  let validator: OpenApiValidator;
  const tokens: Record<string, string> = {};
  /** The 201 bodies, oldest first: per store, and one in the other organization. */
  const created: Record<string, Record<string, unknown>[]> = { store: [], otherStore: [], otherOrganization: [] };

  const http = () => request(gateway.app.getHttpServer());
  const ordersPath = (organizationId: string, storeId: string) => `/v0/organizations/${organizationId}/stores/${storeId}/sales-orders`;

  async function get(template: string, path: string, who = 'service') {
    const res = await http().get(path).set('Authorization', `Bearer ${tokens[who]}`);
    expect(validator.errors('GET', template, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  }

  async function createOrder(organization: SeededOrganization, storeId: string, orderReference: string) {
    const res = await http()
      .post(ordersPath(organization.organizationId, storeId))
      .set('Authorization', `Bearer ${tokens.service}`)
      .send({
        orderReference,
        placedAt: '2026-09-18T10:15:00Z',
        customer: { firstName: 'Ada' },
        lineItems: [{ sku: 'any', barcode: organization.barcodes[0], quantity: 1 }],
      });
    expect(res.status).toBe(201);
    return res;
  }

  beforeAll(async () => {
    own = await seedOrganization(database.db);
    other = await seedOrganization(database.db, { warehouseId: own.warehouseId });
    Object.assign(tokens, await callerTokens(gateway, database.url, own));
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    for (const reference of ['A', 'B', 'A', 'C', 'A']) created.store.push((await createOrder(own, own.storeId, `REF-${reference}`)).body);
    created.otherStore.push((await createOrder(own, own.otherStoreId, 'REF-A')).body);
    created.otherOrganization.push((await createOrder(other, other.storeId, 'REF-A')).body);
  });

  it('answers the 201 with Location, the path of the order, and GET there answers the record with its fulfilment state', async () => {
    const res = await createOrder(own, own.storeId, 'REF-LOCATION');
    expect(res.headers.location).toBe(`${ordersPath(own.organizationId, own.storeId)}/${res.body.id}`);
    const read = await get(ONE, res.headers.location);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      ...res.body,
      placedAt: '2026-09-18T10:15:00.000Z',
      status: 'RECEIVED',
      fulfilmentStatus: 'OPEN',
      updatedAt: res.body.createdAt,
      shipments: [],
    });
  });

  it('sends Location on a replay too', async () => {
    const send = () =>
      http()
        .post(ordersPath(own.organizationId, own.storeId))
        .set('Authorization', `Bearer ${tokens.service}`)
        .set('Idempotency-Key', 'reads-location')
        .send({ orderReference: 'REF-REPLAY', customer: { firstName: 'Ada' }, lineItems: [{ sku: 'any', barcode: own.barcodes[0], quantity: 1 }] });
    const first = await send();
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers.location).toBe(first.headers.location);
  });

  it.each([
    ['SHIPPED', 'SHIPPED'],
    ['CANCELLED', 'CANCELLED'],
    ['WITHDRAWN', 'CANCELLED'],
    ['ALLOCATED', 'RECEIVED'],
    ['PICKING', 'RECEIVED'],
  ])('a fulfilment order %s reads as status %s, with updatedAt its change', async (fulfilmentStatus, status) => {
    const order = (await createOrder(own, own.otherStoreId, `REF-${fulfilmentStatus}`)).body;
    await database.db.query("UPDATE fulfilment_orders SET status = $2, updated_at = now() + interval '1 minute' WHERE sales_order_id = $1", [
      order.id,
      fulfilmentStatus,
    ]);
    const res = await get(ONE, `${ordersPath(own.organizationId, own.otherStoreId)}/${order.id}`);
    expect(res.body).toMatchObject({ id: order.id, status, fulfilmentStatus });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(order.createdAt));
  });

  it('answers 404 for an unknown order, and for an order of another store asked through this one', async () => {
    expect((await get(ONE, `${ordersPath(own.organizationId, own.storeId)}/${MISSING_ORDER}`)).status).toBe(404);
    expect((await get(ONE, `${ordersPath(own.organizationId, own.storeId)}/${created.otherStore[0].id}`)).status).toBe(404);
    const malformed = await get(ONE, `${ordersPath(own.organizationId, own.storeId)}/not-a-uuid`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ pointer: '/path/salesOrderId', message: 'must be a UUID' }]);
  });

  it('lists newest first in pages, the last page with nextCursor null', async () => {
    const newest = [...created.store].reverse().map((o) => o.id);
    const first = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?limit=2`);
    expect(first.status).toBe(200);
    const all = [...first.body.items];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?limit=2&cursor=${cursor}`);
      all.push(...next.body.items);
      cursor = next.body.nextCursor;
    }
    // Orders created by other tests of this file in the store come first; ours keep their order below them.
    const ids = all.map((o: { id: string }) => o.id).filter((id: string) => newest.includes(id));
    expect(ids).toEqual(newest);
    expect(new Set(all.map((o: { id: string }) => o.id)).size).toBe(all.length);
    expect(all.find((o: { id: string }) => o.id === newest[0])).toEqual({
      ...created.store[4],
      placedAt: '2026-09-18T10:15:00.000Z',
      status: 'RECEIVED',
      fulfilmentStatus: 'OPEN',
      updatedAt: created.store[4].createdAt,
      shipments: [],
    });
  });

  it('filters by orderReference, and the cursor holds the filter', async () => {
    const first = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?orderReference=REF-A&limit=2`);
    expect(first.body.items.map((o: { id: string }) => o.id)).toEqual([created.store[4].id, created.store[2].id]);
    const second = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?orderReference=REF-A&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({ items: [expect.objectContaining({ id: created.store[0].id })], nextCursor: null });
    const withoutFilter = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?limit=2&cursor=${first.body.nextCursor}`);
    expect(withoutFilter.status).toBe(400);
    expect(withoutFilter.body.errors).toEqual([{ pointer: '/query/cursor', message: expect.stringContaining('belongs to another query') }]);
  });

  it('refuses a cursor of another store or organization, and one altered', async () => {
    const first = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?limit=1`);
    const cursor: string = first.body.nextCursor;
    const otherStore = await get(LIST, `${ordersPath(own.organizationId, own.otherStoreId)}?limit=1&cursor=${cursor}`);
    expect(otherStore.status).toBe(400);
    expect(otherStore.body.errors).toEqual([{ pointer: '/query/cursor', message: expect.stringContaining('belongs to another query') }]);
    const otherOrganization = await get(LIST, `${ordersPath(other.organizationId, other.storeId)}?limit=1&cursor=${cursor}`);
    expect(otherOrganization.status).toBe(400);
    const altered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'AB' : 'AA'}`;
    const tampered = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?limit=1&cursor=${altered}`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.errors).toEqual([{ pointer: '/query/cursor', message: 'is not a cursor this service issued' }]);
  });

  it.each([
    ['limit=0', '/query/limit'],
    ['limit=101', '/query/limit'],
    ['limit=1e1', '/query/limit'],
    ['orderReference=', '/query/orderReference'],
    ['sort=asc', '/query/sort'],
  ])('refuses %s with 400 at %s', async (query, pointer) => {
    const res = await get(LIST, `${ordersPath(own.organizationId, own.storeId)}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([pointer]);
  });

  it('answers 20 orders by default', async () => {
    for (let i = 0; i < 16; i++) await createOrder(own, own.storeId, `REF-MANY-${i}`);
    const res = await get(LIST, ordersPath(own.organizationId, own.storeId));
    expect(res.body.items).toHaveLength(20);
    expect(typeof res.body.nextCursor).toBe('string');
  });

  // Who may read: whoever may create orders on that store (contract 2 and 6.2).
  const table: [string, string, number][] = [
    ['owner', 'store', 200],
    ['owner', 'otherStore', 200],
    ['owner', 'otherOrganization', 403],
    ['member', 'store', 200],
    ['member', 'otherStore', 200],
    ['member', 'otherOrganization', 403],
    ['organization', 'store', 200],
    ['organization', 'otherStore', 200],
    ['organization', 'otherOrganization', 403],
    ['connector', 'store', 200],
    ['connector', 'otherStore', 403],
    ['connector', 'otherOrganization', 403],
    ['service', 'store', 200],
    ['service', 'otherStore', 200],
    ['service', 'otherOrganization', 200],
  ];
  const storeOf = (where: string) =>
    where === 'store'
      ? [own.organizationId, own.storeId]
      : where === 'otherStore'
        ? [own.organizationId, own.otherStoreId]
        : [other.organizationId, other.storeId];

  it.each(table)('a %s reading an order of %s gets %d, for one order and for the list', async (who, where, status) => {
    const [organizationId, storeId] = storeOf(where);
    const order = created[where][0];
    const one = await get(ONE, `${ordersPath(organizationId, storeId)}/${order.id}`, who);
    expect(one.status).toBe(status);
    if (status === 200) expect(one.body.id).toBe(order.id);
    const list = await get(LIST, `${ordersPath(organizationId, storeId)}?orderReference=${order.orderReference}`, who);
    expect(list.status).toBe(status);
    if (status === 200) expect(list.body.items.map((o: { id: string }) => o.id)).toContain(order.id);
  });

  it.each(['owner', 'member', 'organization', 'connector', 'service'])('a %s gets 404 for an unknown store of its organization', async (who) => {
    expect((await get(LIST, ordersPath(own.organizationId, 'store-unknown'), who)).status).toBe(404);
    expect((await get(ONE, `${ordersPath(own.organizationId, 'store-unknown')}/${MISSING_ORDER}`, who)).status).toBe(404);
  });
});
