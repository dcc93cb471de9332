// The webhook receiver example: a request signed as the gateway signs it is handled once, however often it
// is delivered; a wrong signature or an old timestamp is refused with 400; during a secret rotation a
// delivery carrying both signatures (`v1,<new> v1,<old>`, as the gateway sends while the overlap lasts) is
// verified by a receiver holding either secret, or both.
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { signWebhook, webhookHeaders } from '@gateway/public-api';
import { WebhookEvent, createWebhookReceiver, describeInbound, describeReturn, describeShipping } from '../src/webhook-receiver';

describe('the webhook receiver example', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const events: [WebhookEvent, string][] = [];
  const server = createWebhookReceiver(secret, (event, id) => events.push([event, id]));
  let url: string;
  const body = JSON.stringify({
    type: 'sales_order.shipped',
    timestamp: '2026-11-23T10:00:00.000000Z',
    data: { id: 'f23c0f2d-9f75-4386-8eaf-15b0bc14fa63', status: 'SHIPPED' },
  });
  const post = (headers: Record<string, string>, payload = body) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });

  beforeEach(() => {
    events.length = 0;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('handles a delivery signed with the endpoint secret once, a retry with the same webhook-id answered but not handled again', async () => {
    expect((await post(webhookHeaders(secret, 'msg_1_sales_order.shipped', body))).status).toBe(204);
    expect((await post(webhookHeaders(secret, 'msg_1_sales_order.shipped', body))).status).toBe(204);
    expect(events).toEqual([[JSON.parse(body), 'msg_1_sales_order.shipped']]);
  });

  it('refuses another secret, a changed body and an old timestamp', async () => {
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect((await post(webhookHeaders(other, 'msg_2', body))).status).toBe(400);
    expect((await post(webhookHeaders(secret, 'msg_3', body), body.replace('SHIPPED', 'CANCELLED'))).status).toBe(400);
    expect((await post(webhookHeaders(secret, 'msg_4', body, new Date(Date.now() - 3600_000)))).status).toBe(400);
    expect(events).toEqual([]);
  });
});

describe("the webhook receiver example's shipping lines", () => {
  const shipment = {
    id: '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f',
    status: 'SHIPPED',
    carrier: 'PostNord',
    service: 'MyPack Home',
    trackingNumber: '00370712345678901234',
    trackingUrl: 'https://tracking.carrier.example/se/?id=00370712345678901234',
    shippedAt: '2026-09-18T16:40:00.000Z',
    lines: [{ barcode: '8710000000011', sku: 'NOS-TENT-2P', quantity: 1 }],
  };

  it('prints a shipment with its tracking link, and the parcels of a shipped order', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const lines: string[] = [];
    const server = createWebhookReceiver(
      secret,
      () => undefined,
      (line) => lines.push(line),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
      const body = JSON.stringify({
        type: 'sales_order.shipment_created',
        timestamp: '2026-09-18T16:40:00.000000Z',
        data: { ...shipment, salesOrderId: '9865a2a3-90e1-4291-ba3e-1060283ba337', storeId: 'store-nordic-web', orderReference: 'web-10001' },
      });
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...webhookHeaders(secret, 'msg_s', body) }, body });
      expect(res.status).toBe(204);
      expect(lines[1]).toBe(
        'order web-10001: parcel 3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f SHIPPED (PostNord MyPack Home 00370712345678901234, track it at https://tracking.carrier.example/se/?id=00370712345678901234)',
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('describes an order shipped in parcels, and a parcel without tracking', () => {
    const untracked = { id: 'a1', status: 'DELIVERED', shippedAt: '2026-09-18T16:40:00.000Z', lines: [] };
    expect(
      describeShipping({
        type: 'sales_order.delivered',
        timestamp: '',
        data: { orderReference: 'web-10001', status: 'DELIVERED', shipments: [shipment, untracked] },
      }),
    ).toBe(
      'order web-10001: DELIVERED, parcel 3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f SHIPPED (PostNord MyPack Home 00370712345678901234, track it at https://tracking.carrier.example/se/?id=00370712345678901234); parcel a1 DELIVERED (no carrier given, no tracking link)',
    );
    expect(describeShipping({ type: 'sales_order.created', timestamp: '', data: {} })).toBeUndefined();
  });

  it('describes a return as announced and as processed', () => {
    const announced = {
      id: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b',
      salesOrderId: '9865a2a3-90e1-4291-ba3e-1060283ba337',
      reference: 'RMA-1042',
      reason: 'DAMAGED',
      status: 'AWAITING_ARRIVAL',
      warehouseId: 'wh-stockholm-1',
      lines: [
        { barcode: '8710000000011', sku: 'NOS-TENT-2P', quantity: 3, action: 'RESTOCK' },
        { barcode: '8710000000028', sku: 'NOS-MAT', quantity: 1, action: 'DISPOSE' },
      ],
    };
    expect(describeReturn({ type: 'return.created', timestamp: '', data: announced })).toBe(
      'return RMA-1042 of order 9865a2a3-90e1-4291-ba3e-1060283ba337: AWAITING_ARRIVAL (DAMAGED) at wh-stockholm-1: 3 x NOS-TENT-2P (RESTOCK); 1 x NOS-MAT (DISPOSE)',
    );
    const processed = {
      ...announced,
      status: 'COMPLETED',
      lines: [
        { ...announced.lines[0], receivedQuantity: 2, restockedQuantity: 1 },
        { ...announced.lines[1], receivedQuantity: 1, restockedQuantity: 0 },
      ],
    };
    expect(describeReturn({ type: 'return.completed', timestamp: '', data: processed })).toBe(
      'return RMA-1042 of order 9865a2a3-90e1-4291-ba3e-1060283ba337: COMPLETED (DAMAGED) at wh-stockholm-1: NOS-TENT-2P: 2 of 3 arrived, 1 restocked, 1 not; NOS-MAT: 1 of 1 arrived, 0 restocked, 1 not',
    );
    expect(describeReturn({ type: 'sales_order.created', timestamp: '', data: {} })).toBeUndefined();
  });

  it('describes an inbound receipt against what was announced, and a completed inbound shipment', () => {
    const shipment = {
      reference: 'PO-2026-0042',
      status: 'RECEIVING',
      expectedArrivalDate: '2027-03-01',
      lines: [
        { barcode: '8710000000011', sku: 'NOS-TENT-2P', expectedQuantity: 40, receivedQuantity: 24 },
        { barcode: '8710000000028', sku: 'NOS-BAG-0C', expectedQuantity: 12, receivedQuantity: 13 },
      ],
    };
    expect(
      describeInbound({
        type: 'inbound_shipment.received',
        timestamp: '',
        data: { ...shipment, receipt: { lines: [{ barcode: '8710000000028', sku: 'NOS-BAG-0C', quantity: 13 }] } },
      }),
    ).toBe('inbound PO-2026-0042: received 13 x 8710000000028; now RECEIVING (received/announced: 8710000000011 24/40, 8710000000028 13/12)');
    expect(describeInbound({ type: 'inbound_shipment.completed', timestamp: '', data: { ...shipment, status: 'COMPLETED' } })).toBe(
      'inbound PO-2026-0042: COMPLETED, expected 2027-03-01 (received/announced: 8710000000011 24/40, 8710000000028 13/12)',
    );
    expect(describeInbound({ type: 'sales_order.created', timestamp: '', data: {} })).toBeUndefined();
  });
});

describe('the webhook receiver example during a secret rotation', () => {
  const oldSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const newSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const body = JSON.stringify({
    type: 'sales_order.created',
    timestamp: '2026-11-23T10:00:00.000000Z',
    data: { id: '0d7f4c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f', status: 'RECEIVED' },
  });
  const servers: Server[] = [];

  /** A receiver holding `secrets`; answers its URL, what it handled and what it printed. */
  const receiver = async (secrets: string | string[]) => {
    const handled: string[] = [];
    const printed: string[] = [];
    const server = createWebhookReceiver(
      secrets,
      (_event, id) => handled.push(id),
      (line) => printed.push(line),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, handled, printed };
  };
  /** The headers of a delivery signed with each of `secrets`, newest first, as the gateway signs during the overlap. */
  const signed = (id: string, secrets: string[]) => {
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' '),
    };
  };
  const post = (url: string, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('verifies a delivery signed with both secrets whichever one the receiver holds', async () => {
    const id = 'msg_0d7f4c1e2b3a4c5d8e9f0a1b2c3d4e5f_sales_order.created';
    const headers = signed(id, [newSecret, oldSecret]);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    for (const secrets of [oldSecret, newSecret, [newSecret, oldSecret]]) {
      const r = await receiver(secrets);
      expect((await post(r.url, headers)).status).toBe(204);
      expect(r.handled).toEqual([id]);
    }
    const both = await receiver([newSecret, oldSecret]);
    await post(both.url, headers);
    expect(both.printed).toEqual([`verified ${id} (sales_order.created) with secret 1 of 2; webhook-signature carried 2 signatures`]);
    // What the receiver printed, for the closing note.
    process.stdout.write(`${both.printed[0]}\n`);
  });

  it('holding both secrets, verifies deliveries signed before the rotation (old only) and after the overlap (new only); refuses a third secret', async () => {
    const r = await receiver([newSecret, oldSecret]);
    expect((await post(r.url, signed('msg_before', [oldSecret]))).status).toBe(204);
    expect((await post(r.url, signed('msg_after', [newSecret]))).status).toBe(204);
    const stranger = `whsec_${randomBytes(32).toString('base64')}`;
    expect((await post(r.url, signed('msg_forged', [stranger, stranger]))).status).toBe(400);
    expect(r.handled).toEqual(['msg_before', 'msg_after']);
    expect(r.printed).toEqual([
      'verified msg_before (sales_order.created) with secret 2 of 2; webhook-signature carried 1 signature',
      'verified msg_after (sales_order.created) with secret 1 of 2; webhook-signature carried 1 signature',
    ]);
  });
});
