import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DatabaseModule } from '@gateway/persistence';
import { ProblemException } from '@gateway/platform';
import { SeededOrganization, TestDatabase, createTestDatabase, seedOrganization } from '@gateway/testing';
import { AuthenticatedCaller, CallerIdentity } from '@gateway/domain';
import { CreateSalesOrderDto } from '../dto/create-sales-order.dto';
import { OrdersModule } from '../orders.module';
import { SalesOrderService } from './sales-order.service';

const caller = (identity: CallerIdentity): AuthenticatedCaller => ({ identity, audience: 'public', tokenId: 't', expiresAt: 0 });
const service = caller({ clientType: 'SERVICE', clientId: 'svc-client' });

function order(org: SeededOrganization, overrides: Partial<CreateSalesOrderDto> = {}): CreateSalesOrderDto {
  return {
    orderReference: 'ORD-1',
    customer: { firstName: 'Ada' },
    lineItems: [
      { sku: 'ignored-when-barcode-given', barcode: org.barcodes[0], quantity: 2 },
      { sku: `SKU-${org.organizationId.slice(0, 8)}-2`, quantity: 1 },
      { sku: 'x', barcode: org.barcodes[0], quantity: 1 },
    ],
    ...overrides,
  } as CreateSalesOrderDto;
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemException> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemException);
  return error as ProblemException;
}

describe('SalesOrderService', () => {
  let database: TestDatabase;
  let app: INestApplicationContext;
  let orders: SalesOrderService;
  let org: SeededOrganization;

  beforeAll(async () => {
    database = await createTestDatabase();
    @Module({ imports: [DatabaseModule.forRoot({ url: database.url, poolMax: 20 }), OrdersModule] })
    class TestModule {}
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    orders = app.get(SalesOrderService);
    org = await seedOrganization(database.db);
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const level = async (barcode: string) =>
    (
      await database.db.query('SELECT on_hand, allocated, pending_allocation FROM inventory_levels WHERE organization_id = $1 AND barcode = $2', [
        org.organizationId,
        barcode,
      ])
    ).rows[0];

  it('creates the order, its OPEN fulfilment order, pendingAllocation per barcode and the events, together', async () => {
    const before = await level(org.barcodes[0]);
    const beforeSecond = await level(org.barcodes[1]);
    const { record, replayed } = await orders.create(service, org.organizationId, org.storeId, order(org));
    expect(replayed).toBe(false);
    expect(record).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organizationId: org.organizationId,
      environment: 'live',
      storeId: org.storeId,
      orderReference: 'ORD-1',
      status: 'RECEIVED',
      placedAt: record.createdAt,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      customer: { firstName: 'Ada' },
      lineItems: [
        { sku: 'ignored-when-barcode-given', barcode: org.barcodes[0], quantity: 2 },
        { sku: `SKU-${org.organizationId.slice(0, 8)}-2`, barcode: org.barcodes[1], quantity: 1 },
        { sku: 'x', barcode: org.barcodes[0], quantity: 1 },
      ],
      fulfilmentOrderId: expect.stringMatching(/^fo-/),
    });
    const fo = await database.db.query('SELECT status, warehouse_id, store_id, sales_order_id FROM fulfilment_orders WHERE id = $1', [
      record.fulfilmentOrderId,
    ]);
    expect(fo.rows).toEqual([{ status: 'OPEN', warehouse_id: org.warehouseId, store_id: org.storeId, sales_order_id: record.id }]);
    const lines = await database.db.query('SELECT barcode, quantity FROM fulfilment_order_lines WHERE fulfilment_order_id = $1 ORDER BY position', [
      record.fulfilmentOrderId,
    ]);
    expect(lines.rows).toEqual([
      { barcode: org.barcodes[0], quantity: 3 },
      { barcode: org.barcodes[1], quantity: 1 },
    ]);
    // Every line's stock is claimed: each barcode's level raised by its lines' sum.
    expect(await level(org.barcodes[0])).toEqual({ ...before, pending_allocation: before.pending_allocation + 3 });
    expect(await level(org.barcodes[1])).toEqual({ ...beforeSecond, pending_allocation: beforeSecond.pending_allocation + 1 });
    const events = await database.db.query('SELECT type FROM domain_events WHERE aggregate_id IN ($1, $2) ORDER BY sequence', [
      record.id,
      record.fulfilmentOrderId,
    ]);
    expect(events.rows.map((e) => e.type)).toEqual(['SalesOrderReceived', 'FulfilmentOrderOpened', 'PendingAllocationRaised', 'PendingAllocationRaised']);
  });

  it('refuses lines that do not resolve, pointing at each, and writes nothing', async () => {
    const count = async () => (await database.db.query('SELECT count(*)::int AS n FROM sales_orders')).rows[0].n;
    const before = await count();
    const problem = await problemOf(
      orders.create(
        service,
        org.organizationId,
        org.storeId,
        order(org, {
          lineItems: [
            { sku: 's', barcode: 'NOPE', quantity: 1 },
            { sku: 's', barcode: org.barcodes[2], quantity: 1 },
            { sku: 'unknown-sku', quantity: 1 },
          ],
        } as Partial<CreateSalesOrderDto>),
      ),
    );
    expect(problem.getStatus()).toBe(400);
    expect(problem.problem.errors).toEqual([
      { pointer: '/lineItems/0/barcode', message: 'is not a retail unit of this organization' },
      { pointer: '/lineItems/1/barcode', message: 'is an archived retail unit' },
      { pointer: '/lineItems/2/sku', message: 'is not a retail unit of this organization' },
    ]);
    expect(await count()).toBe(before);
  });

  it('replays the first answer for the same key and request, and answers 422 for a different request', async () => {
    const first = await orders.create(service, org.organizationId, org.storeId, order(org), 'key-replay');
    const again = await orders.create(service, org.organizationId, org.storeId, order(org), 'key-replay');
    expect(again).toEqual({ record: first.record, replayed: true, replayText: JSON.stringify(first.record) });
    const different = await problemOf(orders.create(service, org.organizationId, org.storeId, order(org, { orderReference: 'ORD-2' }), 'key-replay'));
    expect(different.getStatus()).toBe(422);
    // The key belongs to the client: another client with the same key creates its own order.
    const other = await orders.create(caller({ clientType: 'SERVICE', clientId: 'other-client' }), org.organizationId, org.storeId, order(org), 'key-replay');
    expect(other.record.id).not.toBe(first.record.id);
  });

  it('creates exactly one order when 50 requests with the same key arrive at once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => orders.create(service, org.organizationId, org.storeId, order(org, { orderReference: 'burst' }), 'key-burst')),
    );
    const created = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ record: { id: string } }>).value.record.id);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as ProblemException).getStatus());
    expect(new Set(created).size).toBe(1);
    expect(refused.every((status) => status === 409)).toBe(true);
    const { rows } = await database.db.query("SELECT count(*)::int AS n FROM sales_orders WHERE order_reference = 'burst'");
    expect(rows[0].n).toBe(1);
  });

  it('replays a stored answer to every one of 30 requests with its key at once, none refused as in flight', async () => {
    const first = await orders.create(service, org.organizationId, org.storeId, order(org, { orderReference: 'replayed-burst' }), 'key-replayed-burst');
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        orders.create(service, org.organizationId, org.storeId, order(org, { orderReference: 'replayed-burst' }), 'key-replayed-burst'),
      ),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as ProblemException).getStatus()))).toEqual(
      Array.from({ length: 30 }, () => ({ record: first.record, replayed: true, replayText: JSON.stringify(first.record) })),
    );
  });

  it('applies the access table: 403 outside, 404 for an unknown store, connectors only through their connections', async () => {
    const stranger = caller({ clientType: 'ORGANIZATION', clientId: 'c', organizationId: '00000000-0000-4000-8000-000000000000' });
    expect((await problemOf(orders.create(stranger, org.organizationId, org.storeId, order(org)))).getStatus()).toBe(403);
    expect((await problemOf(orders.create(service, org.organizationId, 'no-such-store', order(org)))).getStatus()).toBe(404);
    const connector = caller({ clientType: 'CONNECTOR', clientId: 'k', connectionIds: [org.connectionId] });
    await expect(orders.create(connector, org.organizationId, org.storeId, order(org))).resolves.toBeDefined();
    expect((await problemOf(orders.create(connector, org.organizationId, org.otherStoreId, order(org)))).getStatus()).toBe(403);
    const member = caller({ clientType: 'USER', clientId: 'u', userId: org.memberId });
    await expect(orders.create(member, org.organizationId, org.otherStoreId, order(org))).resolves.toBeDefined();
  });
});
