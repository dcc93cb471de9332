// Shipments as an integrator meets them (contract 6.7): the sales order's record while partially shipped,
// shipped and delivered (every answer checked against the served document), the webhooks of each step as a
// receiver verifies them (shipment_created, shipment_updated, shipped once nothing is left, delivered), a
// connector's endpoint hearing only of its store, and the same payloads in the events feed.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  createTestDatabase,
  fulfilment,
  importFixture,
  placeSalesOrder,
  seedOrganization,
  waitUntil,
} from '@gateway/testing';
import { callerTokens } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };
const ORDER = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}';
const SHIPMENT_EVENTS = ['sales_order.shipment_created', 'sales_order.shipment_updated', 'sales_order.shipped', 'sales_order.delivered'];

interface Payload {
  type: string;
  timestamp: string;
  environment: string;
  data: Record<string, unknown>;
}

describe('sales order shipments', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let org: SeededOrganization;
  let tokens: Record<string, string>;
  let validator: OpenApiValidator;
  let path = 0;

  const http = () => request(gateway.app.getHttpServer());
  const register = async (eventTypes: string[], who = 'organization') => {
    const hookPath = `/shipments/${++path}`;
    const res = await http()
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${tokens[who]}`)
      .send({ url: receiver.url(hookPath), eventTypes });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, secret: res.body.secret as string, path: hookPath };
  };
  const payloads = (endpoint: { secret: string; path: string }): Payload[] =>
    receiver.received
      .filter((r) => r.path === endpoint.path)
      .map((r) => {
        const payload = new Webhook(endpoint.secret).verify(r.body, r.headers) as Payload;
        expect(validator.webhookErrors(payload.type, payload)).toEqual([]);
        return payload;
      });
  const read = async (salesOrderId: string, storeId = org.storeId) => {
    const res = await http()
      .get(`/v0/organizations/${org.organizationId}/stores/${storeId}/sales-orders/${salesOrderId}`)
      .set('Authorization', `Bearer ${tokens.service}`);
    expect(res.status).toBe(200);
    expect(validator.errors('GET', ORDER, 200, res.body)).toEqual([]);
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

  it('shows an order partially shipped, shipped in two parcels and delivered, and sends each step as a webhook', async () => {
    const all = await register(SHIPMENT_EVENTS);
    const statusChanges = await register(['fulfilment_order.status_changed']);
    const { salesOrderId, fulfilmentOrderId } = await placeSalesOrder(database.db, org, [
      { barcode: org.barcodes[0], quantity: 3 },
      { barcode: org.barcodes[1], quantity: 1 },
    ]);
    const tag = org.organizationId.slice(0, 8);
    await fulfilment(database.db).allocate(org.organizationId, fulfilmentOrderId);
    expect((await read(salesOrderId)).shipments).toEqual([]);

    const first = await fulfilment(database.db).ship(org.organizationId, fulfilmentOrderId, {
      carrier: 'DHL',
      service: 'Paket',
      trackingNumber: '00340434161094015902',
      trackingUrl: 'https://www.dhl.de/track?piececode=00340434161094015902',
      lines: [{ barcode: org.barcodes[0], quantity: 2 }],
    });
    const partly = await read(salesOrderId);
    expect(partly).toMatchObject({ status: 'RECEIVED', fulfilmentStatus: 'PARTIALLY_SHIPPED' });
    expect(partly.deliveredAt).toBeUndefined();
    expect(partly.shipments).toEqual([
      {
        id: first.shipment.id,
        status: 'SHIPPED',
        carrier: 'DHL',
        service: 'Paket',
        trackingNumber: '00340434161094015902',
        trackingUrl: 'https://www.dhl.de/track?piececode=00340434161094015902',
        shippedAt: first.shipment.shippedAt,
        lines: [{ barcode: org.barcodes[0], sku: `SKU-${tag}-1`, quantity: 2 }],
      },
    ]);
    await waitUntil(() => payloads(all).length === 1 && payloads(statusChanges).length === 3);

    const second = await fulfilment(database.db).ship(org.organizationId, fulfilmentOrderId, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await waitUntil(() => payloads(all).length === 3);
    // Delivery times after the shipping and within the clock skew allowed, a minute apart.
    const firstAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000).toISOString();
    const secondAt = new Date(Date.parse(firstAt) + 60_000).toISOString();
    await fulfilment(database.db).updateShipment(org.organizationId, {
      shipmentId: first.shipment.id,
      status: 'DELIVERED',
      occurredAt: firstAt,
    });
    await waitUntil(() => payloads(all).length === 4);
    expect((await read(salesOrderId)).status).toBe('SHIPPED');
    await fulfilment(database.db).updateShipment(org.organizationId, { shipmentId: second.shipment.id, status: 'IN_TRANSIT' });
    await fulfilment(database.db).updateShipment(org.organizationId, {
      shipmentId: second.shipment.id,
      status: 'DELIVERED',
      occurredAt: secondAt,
    });
    await waitUntil(() => payloads(all).length === 7);

    const delivered = await read(salesOrderId);
    expect(delivered).toMatchObject({ status: 'DELIVERED', fulfilmentStatus: 'SHIPPED', deliveredAt: secondAt });
    expect(delivered.shipments.map((s: { id: string; status: string; deliveredAt: string }) => [s.id, s.status, s.deliveredAt])).toEqual([
      [first.shipment.id, 'DELIVERED', firstAt],
      [second.shipment.id, 'DELIVERED', secondAt],
    ]);

    const received = payloads(all);
    // Each step was waited for, except the two updates of the second parcel, which may arrive in either order.
    expect(received.map((p) => p.type)).toEqual([
      'sales_order.shipment_created',
      expect.any(String),
      expect.any(String),
      'sales_order.shipment_updated',
      'sales_order.shipment_updated',
      expect.any(String),
      expect.any(String),
    ]);
    expect(
      received
        .slice(1, 3)
        .map((p) => p.type)
        .sort(),
    ).toEqual(['sales_order.shipment_created', 'sales_order.shipped']);
    expect(
      received
        .slice(5)
        .map((p) => p.type)
        .sort(),
    ).toEqual(['sales_order.delivered', 'sales_order.shipment_updated']);
    // A shipment event carries the shipment (as it is when dispatched) with its order.
    expect(received[0].data).toEqual({
      ...partly.shipments[0],
      salesOrderId,
      storeId: org.storeId,
      orderReference: partly.orderReference,
    });
    // Shipped once nothing is left, carrying every shipment.
    const shipped = received.find((p) => p.type === 'sales_order.shipped') as Payload;
    expect(shipped.data).toMatchObject({ id: salesOrderId, status: 'SHIPPED', fulfilmentStatus: 'SHIPPED' });
    expect((shipped.data.shipments as { id: string }[]).map((s) => s.id)).toEqual([first.shipment.id, second.shipment.id]);
    expect(received.filter((p) => p.type === 'sales_order.shipped')).toHaveLength(1);
    // Delivered: the record as GET answers it.
    expect(received.find((p) => p.type === 'sales_order.delivered')?.data).toEqual(delivered);
    // fulfilment_order.status_changed: ALLOCATED, then PICKING and PARTIALLY_SHIPPED (one transaction), then SHIPPED; no change for the second parcel's status.
    await waitUntil(() => payloads(statusChanges).length >= 4);
    expect(payloads(statusChanges)).toHaveLength(4);

    // The events feed holds the same payloads.
    const feed = await http()
      .get(`/v0/organizations/${org.organizationId}/events?types=${SHIPMENT_EVENTS.join(',')}&limit=100`)
      .set('Authorization', `Bearer ${tokens.organization}`);
    expect(feed.status).toBe(200);
    const ofOrder = feed.body.items.filter((e: Payload) => e.data.salesOrderId === salesOrderId || e.data.id === salesOrderId);
    expect(ofOrder.map((e: Payload) => ({ type: e.type, timestamp: e.timestamp, environment: e.environment, data: e.data })).sort(byTypeAndTime)).toEqual(
      [...received].sort(byTypeAndTime),
    );
  });

  it("sends a connector's endpoint the shipments of its store only, and nothing for an imported fulfilment order", async () => {
    const connector = await register(['sales_order.shipment_created'], 'connector');
    const organization = await register(['sales_order.shipment_created']);
    // Shipped first: its events are fanned out before the others', so had it made a webhook, it would be there.
    const imported = `FO-IMPORTED-${org.organizationId.slice(0, 8)}`;
    await importFixture(database.db, {
      fulfilmentOrders: [
        {
          id: imported,
          organizationId: org.organizationId,
          warehouseId: org.warehouseId,
          storeId: org.storeId,
          status: 'PICKING',
          lines: [{ barcode: org.barcodes[1], quantity: 1 }],
        },
      ],
    });
    expect((await fulfilment(database.db).ship(org.organizationId, imported, { carrier: 'DHL', trackingNumber: 'T-0' })).status).toBe('SHIPPED');
    const own = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 1 }]);
    const other = await placeSalesOrder(database.db, { organizationId: org.organizationId, storeId: org.otherStoreId }, [
      { barcode: org.barcodes[0], quantity: 1 },
    ]);
    for (const order of [other, own]) {
      await fulfilment(database.db).allocate(org.organizationId, order.fulfilmentOrderId);
      await fulfilment(database.db).ship(org.organizationId, order.fulfilmentOrderId, { carrier: 'DHL', trackingNumber: 'T' });
    }
    await waitUntil(() => payloads(organization).length === 2 && payloads(connector).length === 1);
    expect(payloads(connector).map((p) => p.data.salesOrderId)).toEqual([own.salesOrderId]);
    expect(
      payloads(organization)
        .map((p) => p.data.salesOrderId)
        .sort(),
    ).toEqual([own.salesOrderId, other.salesOrderId].sort());
  });
});

function byTypeAndTime(a: Payload, b: Payload): number {
  return `${a.type}/${a.timestamp}/${JSON.stringify(a.data)}` < `${b.type}/${b.timestamp}/${JSON.stringify(b.data)}` ? -1 : 1;
}
