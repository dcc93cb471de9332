// A live and a sandbox organization side by side on one gateway (contract 6.10): every sales order, inbound
// shipment, webhook payload and events-feed item says which environment it is of; a sandbox sends stock to no
// warehouse but its own, and no other organization to a sandbox's; nothing of a sandbox is billed.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { OpenApiValidator, SeededOrganization, TestDatabase, createTestDatabase, importFixture, seedOrganization, waitUntil } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const SANDBOX = '6d0c4a1e-5b7f-4c2d-9e8a-1f2b3c4d5e6f';
const OWN = `sandbox-${SANDBOX}`;
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const INVOICE = (id: string, organizationId: string) => ({
  id,
  organizationId,
  number: id.toUpperCase(),
  status: 'PAID' as const,
  subtotal: { amountInMinorUnit: 100, currency: 'EUR' },
  totalExcludingTax: { amountInMinorUnit: 100, currency: 'EUR' },
  lineItems: [{ description: 'storage', taxRate: 0.21, quantity: 1, unitAmountExcludingTax: { amountInMinorUnit: 100, currency: 'EUR' } }],
});

describe('a live and a sandbox organization side by side', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let validator: OpenApiValidator;
  let live: SeededOrganization;
  let tokens: { live: string; sandbox: string };

  const http = () => request(gateway.app.getHttpServer());
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const order = (organizationId: string, storeId: string, token: string, barcode: string) =>
    http()
      .post(`/v0/organizations/${organizationId}/stores/${storeId}/sales-orders`)
      .set(as(token))
      .send({ orderReference: `ref-${barcode}`, customer: { firstName: 'Ada' }, lineItems: [{ sku: 'any', barcode, quantity: 1 }] });

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' });
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    live = await seedOrganization(database.db);
    await importFixture(database.db, {
      organizations: [{ id: SANDBOX, name: 'Sandbox Co', sandbox: true }],
      stores: [{ id: 'store-sandbox-side', organizationId: SANDBOX, name: 'Test shop', warehouseId: OWN }],
      retailUnits: [{ organizationId: SANDBOX, barcode: 'SBX-1', sku: 'SBX-SKU-1', name: 'Thing' }],
      inventory: [{ organizationId: SANDBOX, warehouseId: OWN, barcode: 'SBX-1', onHand: 10 }],
      invoices: [INVOICE('inv-live-side', live.organizationId)],
    });
    tokens = {
      live: await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: live.organizationId }),
      sandbox: await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: SANDBOX }),
    };
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it("says environment 'live' or 'sandbox' on sales orders created and read back, as the document says", async () => {
    const liveOrder = await order(live.organizationId, live.storeId, tokens.live, live.barcodes[0]);
    const sandboxOrder = await order(SANDBOX, 'store-sandbox-side', tokens.sandbox, 'SBX-1');
    expect([liveOrder.status, sandboxOrder.status]).toEqual([201, 201]);
    expect([liveOrder.body.environment, sandboxOrder.body.environment]).toEqual(['live', 'sandbox']);
    const path = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders';
    expect(validator.errors('POST', path, 201, sandboxOrder.body)).toEqual([]);
    const readBack = await http().get(`/v0/organizations/${SANDBOX}/stores/store-sandbox-side/sales-orders/${sandboxOrder.body.id}`).set(as(tokens.sandbox));
    expect(readBack.status).toBe(200);
    expect(readBack.body).toEqual(expect.objectContaining({ id: sandboxOrder.body.id, environment: 'sandbox', organizationId: SANDBOX }));
    expect(validator.errors('GET', `${path}/{salesOrderId}`, 200, readBack.body)).toEqual([]);
    const list = await http().get(`/v0/organizations/${live.organizationId}/stores/${live.storeId}/sales-orders`).set(as(tokens.live));
    expect(list.body.items.map((o: { environment: string }) => o.environment)).toEqual(['live']);
  });

  it('carries the environment at the top level of webhook payloads and events-feed items', async () => {
    const register = async (organizationId: string, token: string, path: string) =>
      (
        await http()
          .post(`/v0/organizations/${organizationId}/webhook-endpoints`)
          .set(as(token))
          .send({ url: receiver.url(path), eventTypes: ['sales_order.created'] })
      ).body as { secret: string };
    const endpoints = { live: await register(live.organizationId, tokens.live, '/live'), sandbox: await register(SANDBOX, tokens.sandbox, '/sandbox') };
    const liveOrder = await order(live.organizationId, live.storeId, tokens.live, live.barcodes[1]);
    const sandboxOrder = await order(SANDBOX, 'store-sandbox-side', tokens.sandbox, 'SBX-1');
    await waitUntil(() => receiver.received.filter((r) => r.path === '/live' || r.path === '/sandbox').length === 2);
    const delivered = (path: 'live' | 'sandbox') => {
      const received = receiver.received.find((r) => r.path === `/${path}`)!;
      return new Webhook(endpoints[path].secret).verify(received.body, received.headers) as Record<string, unknown>;
    };
    expect(delivered('sandbox')).toEqual({
      type: 'sales_order.created',
      timestamp: expect.any(String),
      environment: 'sandbox',
      data: expect.objectContaining({ id: sandboxOrder.body.id, environment: 'sandbox' }),
    });
    expect(delivered('live')).toEqual({
      type: 'sales_order.created',
      timestamp: expect.any(String),
      environment: 'live',
      data: expect.objectContaining({ id: liveOrder.body.id, environment: 'live' }),
    });
    const feed = await http().get(`/v0/organizations/${SANDBOX}/events?types=sales_order.created`).set(as(tokens.sandbox));
    expect(feed.status).toBe(200);
    expect(validator.errors('GET', '/v0/organizations/{organizationId}/events', 200, feed.body)).toEqual([]);
    expect(feed.body.items.map((e: Record<string, unknown>) => Object.keys(e).sort())).toEqual([
      ['data', 'environment', 'id', 'timestamp', 'type'],
      ['data', 'environment', 'id', 'timestamp', 'type'],
    ]);
    expect(feed.body.items.map((e: { environment: string }) => e.environment)).toEqual(['sandbox', 'sandbox']);
    const liveFeed = await http().get(`/v0/organizations/${live.organizationId}/events?types=sales_order.created`).set(as(tokens.live));
    expect(liveFeed.body.items.every((e: { environment: string }) => e.environment === 'live')).toBe(true);
  });

  it('announces inbound stock of a sandbox to its own warehouse only, and of a live organization never to a sandbox warehouse', async () => {
    const announce = (organizationId: string, token: string, warehouseId: string, barcode: string) =>
      http()
        .post(`/v0/organizations/${organizationId}/inbound-shipments`)
        .set(as(token))
        .send({ reference: `PO-${warehouseId.slice(0, 12)}`, warehouseId, expectedArrivalDate: dayFromToday(2), lines: [{ barcode, quantity: 3 }] });
    const own = await announce(SANDBOX, tokens.sandbox, OWN, 'SBX-1');
    expect(own.status).toBe(201);
    expect(own.body).toEqual(expect.objectContaining({ organizationId: SANDBOX, environment: 'sandbox', warehouseId: OWN }));
    const refusal = { pointer: '/warehouseId', message: "is not a warehouse the organization's stores use" };
    const elsewhere = await announce(SANDBOX, tokens.sandbox, live.warehouseId, 'SBX-1');
    expect({ status: elsewhere.status, errors: elsewhere.body.errors }).toEqual({ status: 400, errors: [refusal] });
    // Even a live store put on the sandbox's warehouse behind the import's back (the import refuses it) gives no way in.
    await database.db.query(`INSERT INTO stores (id, organization_id, name, warehouse_id) VALUES ('store-astray', $1, 'Astray', $2)`, [
      live.organizationId,
      OWN,
    ]);
    const intoSandbox = await announce(live.organizationId, tokens.live, OWN, live.barcodes[0]);
    expect({ status: intoSandbox.status, errors: intoSandbox.body.errors }).toEqual({ status: 400, errors: [refusal] });
  });

  it('bills nothing of a sandbox: its invoice list is empty and an invoice stored for it answers 404', async () => {
    // The import refuses invoices of a sandbox; one written behind its back is still never shown.
    await database.db.query(
      `INSERT INTO invoices (id, organization_id, number, status, subtotal_amount, subtotal_currency, total_excluding_tax_amount, total_excluding_tax_currency)
       VALUES ('inv-sandbox-side', $1, 'S-1', 'PAID', 100, 'EUR', 100, 'EUR')`,
      [SANDBOX],
    );
    const list = await http().get(`/v0/organizations/${SANDBOX}/invoices`).set(as(tokens.sandbox));
    expect({ status: list.status, body: list.body }).toEqual({ status: 200, body: { items: [] } });
    const detail = await http().get(`/v0/organizations/${SANDBOX}/invoices/inv-sandbox-side`).set(as(tokens.sandbox));
    expect({ status: detail.status, detail: detail.body.detail }).toEqual({ status: 404, detail: 'The invoice does not exist in this organization.' });
    // The live organization's invoice is there as ever.
    const liveList = await http().get(`/v0/organizations/${live.organizationId}/invoices`).set(as(tokens.live));
    expect(liveList.body.items.map((i: { id: string }) => i.id)).toEqual(['inv-live-side']);
  });
});
