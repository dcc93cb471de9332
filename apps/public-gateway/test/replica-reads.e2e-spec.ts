// Reads on a replica through the gateway (contract section 8): a Postgres 15 primary and a streaming replica
// (Debian's packages, as the persistence tier spec starts them), the gateway with DATABASE_URL on the primary
// and DATABASE_READ_URL on the replica. With the replica's replay paused, the inventory answers what the
// replica holds (stale), while a sales order is read back right after its creation from the primary; an
// organization added meanwhile is in the organizations list and has its catalogue and invoices only once replay
// resumes, while its orders and webhook endpoints (always the primary's) are there at once; the events feed shows
// an event the primary has stored only once the replica has it too.
import request from 'supertest';
import { OpenApiValidator, importFixture, postgres15Missing, seedOrganization, useReplicaGateway, waitUntilAsync } from '@gateway/testing';
import { callerTokens } from './support/caller-tokens';
import { startPublicGateway } from './support/start-public-gateway';

const missing = postgres15Missing();
const describeTier = missing ? describe.skip : describe;
if (missing) console.warn(`SKIPPED: the replica reads test: ${missing}`);

const INVENTORY = '/v0/organizations/{organizationId}/inventory';
const ORDERS = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders';
const ORDER = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}';
const ORGANIZATIONS = '/v0/organizations';
const RETAIL_UNITS = '/v0/organizations/{organizationId}/retail-units';
const ENDPOINTS = '/v0/organizations/{organizationId}/webhook-endpoints';
const INVOICES = '/v0/organizations/{organizationId}/invoices';
const EVENTS = '/v0/organizations/{organizationId}/events';

describeTier('reads on a streaming replica, through the public gateway', () => {
  const {
    pair,
    primary,
    organization: own,
    gateway,
  } = useReplicaGateway((primaryUrl, replicaUrl) => startPublicGateway(primaryUrl, { DATABASE_READ_URL: replicaUrl }));
  let validator: OpenApiValidator;
  let token: string;

  const http = () => request(gateway.app.getHttpServer());
  async function answer(method: 'GET' | 'POST', template: string, path: string, body?: object) {
    const call = method === 'GET' ? http().get(path) : http().post(path).send(body);
    const res = await call.set('Authorization', `Bearer ${token}`);
    expect(validator.errors(method, template, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  }
  /** The first unit's sellable quantity as the public inventory answers it. */
  async function sellable(): Promise<number> {
    const res = await answer('GET', INVENTORY, `/v0/organizations/${own.organizationId}/inventory`);
    expect(res.status).toBe(200);
    const group = (res.body.items as Array<{ warehouseId: string; items: Array<{ barcode: string; sellable: number }> }>).find(
      (g) => g.warehouseId === own.warehouseId,
    );
    return group?.items.find((i) => i.barcode === own.barcodes[0])?.sellable as number;
  }

  beforeAll(async () => {
    token = (await callerTokens(gateway, pair.primaryUrl, own)).service;
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    await pair.caughtUp();
  });

  it('answers the inventory from the paused replica (stale) and a new order from the primary (201, then 200 with it)', async () => {
    expect(await sellable()).toBe(10);
    await pair.whileReplayPaused(async () => {
      const created = await answer('POST', ORDERS, `/v0/organizations/${own.organizationId}/stores/${own.storeId}/sales-orders`, {
        orderReference: 'REPLICA-1',
        customer: { firstName: 'Ada' },
        lineItems: [{ sku: 'any', barcode: own.barcodes[0], quantity: 2 }],
      });
      expect(created.status).toBe(201);
      const read = await answer('GET', ORDER, created.headers.location);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: created.body.id, orderReference: 'REPLICA-1', status: 'RECEIVED', fulfilmentStatus: 'OPEN' });
      // The order's 2 pending units are on the primary; the replica has not replayed them.
      const onPrimary = await primary.query<{ pending: number }>(
        'SELECT pending_allocation AS pending FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3',
        [own.organizationId, own.warehouseId, own.barcodes[0]],
      );
      expect(onPrimary.rows).toEqual([{ pending: 2 }]);
      expect(await sellable()).toBe(10);
    });
    expect(await sellable()).toBe(8);
  });

  it('answers the organizations list, a catalogue and invoices from the paused replica, orders and webhook endpoints from the primary', async () => {
    const listed = async () => ((await answer('GET', ORGANIZATIONS, '/v0/organizations')).body.organizations as Array<{ id: string }>).map((o) => o.id);
    const catalogue = async (organizationId: string) => {
      const res = await answer('GET', RETAIL_UNITS, `/v0/organizations/${organizationId}/retail-units`);
      expect(res.status).toBe(200);
      return (res.body.items as Array<{ barcode: string }>).map((u) => u.barcode);
    };
    const invoices = async (organizationId: string) => {
      const res = await answer('GET', INVOICES, `/v0/organizations/${organizationId}/invoices`);
      expect(res.status).toBe(200);
      return (res.body.items as Array<{ id: string }>).map((i) => i.id);
    };
    const invoiceId = `inv-replica-${own.organizationId.slice(0, 8)}`;
    const added = await pair.whileReplayPaused(async () => {
      const organization = await seedOrganization(primary);
      await importFixture(primary, {
        invoices: [
          {
            id: invoiceId,
            organizationId: organization.organizationId,
            number: 'R-1',
            status: 'FINALIZED',
            subtotal: { amountInMinorUnit: 100, currency: 'EUR' },
            totalExcludingTax: { amountInMinorUnit: 100, currency: 'EUR' },
            lineItems: [],
          },
        ],
      });
      expect(await invoices(organization.organizationId)).toEqual([]);
      expect(await listed()).toContain(own.organizationId);
      expect(await listed()).not.toContain(organization.organizationId);
      expect(await catalogue(organization.organizationId)).toEqual([]);
      const orders = await answer('GET', ORDERS, `/v0/organizations/${organization.organizationId}/stores/${organization.storeId}/sales-orders`);
      expect(orders.status).toBe(200);
      expect(orders.body).toEqual({ items: [], nextCursor: null });
      const endpoint = await answer('POST', ENDPOINTS, `/v0/organizations/${organization.organizationId}/webhook-endpoints`, {
        url: 'https://hooks.example.invalid/replica',
        eventTypes: ['sales_order.created'],
      });
      expect(endpoint.status).toBe(201);
      const endpoints = await answer('GET', ENDPOINTS, `/v0/organizations/${organization.organizationId}/webhook-endpoints`);
      expect(endpoints.status).toBe(200);
      expect((endpoints.body.items as Array<{ id: string }>).map((e) => e.id)).toEqual([endpoint.body.id]);
      return organization;
    });
    expect(await listed()).toContain(added.organizationId);
    expect(await catalogue(added.organizationId)).toEqual([added.barcodes[0], added.barcodes[1]].sort());
    expect(await invoices(added.organizationId)).toEqual([invoiceId]);
  });

  it('answers the events feed from the paused replica: an event the primary has stored shows once replay resumes', async () => {
    const endpoint = await answer('POST', ENDPOINTS, `/v0/organizations/${own.organizationId}/webhook-endpoints`, {
      url: 'https://hooks.example.invalid/feed',
      eventTypes: ['sales_order.created'],
    });
    expect(endpoint.status).toBe(201);
    const feed = async () => {
      const res = await answer('GET', EVENTS, `/v0/organizations/${own.organizationId}/events?types=sales_order.created`);
      expect(res.status).toBe(200);
      return (res.body.items as Array<{ data: { id: string } }>).map((e) => e.data.id);
    };
    const stored = async (orderId: string) =>
      (
        await primary.query(
          `SELECT 1 FROM webhook_events WHERE organization_id = $1 AND event_type = 'sales_order.created' AND body::jsonb -> 'data' ->> 'id' = $2`,
          [own.organizationId, orderId],
        )
      ).rowCount === 1;
    // The organization's earlier events fanned out first, so that none is stored after `before` is read.
    await waitUntilAsync(
      async () => (await primary.query('SELECT 1 FROM webhook_fanout_queue WHERE organization_id = $1', [own.organizationId])).rowCount === 0,
    );
    await pair.caughtUp();
    const before = await feed();
    const orderId = await pair.whileReplayPaused(async () => {
      const created = await answer('POST', ORDERS, `/v0/organizations/${own.organizationId}/stores/${own.storeId}/sales-orders`, {
        orderReference: 'REPLICA-FEED',
        customer: { firstName: 'Ada' },
        lineItems: [{ sku: 'any', barcode: own.barcodes[1], quantity: 1 }],
      });
      expect(created.status).toBe(201);
      // Fanned out and stored on the primary by the gateway's dispatcher; the replica has not replayed it.
      await waitUntilAsync(() => stored(created.body.id));
      expect(await feed()).toEqual(before);
      return created.body.id as string;
    });
    expect(await feed()).toEqual([...before, orderId]);
  });
});
