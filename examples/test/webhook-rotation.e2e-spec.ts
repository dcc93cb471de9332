// The webhook receiver example against the public gateway as a real process, during a secret rotation: the
// endpoint's secret is rotated with an overlap, an order is placed, and the receiver, still holding only the
// secret it was given at registration, verifies the delivery, which carries both signatures while the overlap
// lasts. What the receiver printed is written out, as an integrator would see it.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createTestClient } from '@gateway/testing';
import { freePort } from '@gateway/dev-postgres';
import { WebhookEvent, createWebhookReceiver } from '../src/webhook-receiver';
import { DemoGateway, startDemoGateway } from './support/public-gateway-process';

/** The organization and store of fixtures/demo.json the quickstart orders in. */
const DEMO_ORGANIZATION = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
const DEMO_STORE = 'store-nordic-web';

describe('the webhook receiver example during a rotation, fed by the gateway', () => {
  let gateway: DemoGateway;
  let receiver: Server | undefined;

  beforeAll(async () => {
    gateway = await startDemoGateway({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' });
  }, 90_000);

  afterAll(async () => {
    if (receiver) {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver?.close(resolve));
    }
    await gateway?.stop();
  });

  it('verifies a delivery signed with the new and the old secret, holding only the old one', async () => {
    const client = await createTestClient(gateway.database.url, { type: 'SERVICE' });
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    const { access_token: token } = (await (await fetch(`${gateway.url}/oauth2/token`, { method: 'POST', body: form })).json()) as { access_token: string };
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${gateway.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const port = await freePort();
    const registered = await call('POST', `/v0/organizations/${DEMO_ORGANIZATION}/webhook-endpoints`, {
      url: `http://127.0.0.1:${port}/webhooks`,
      eventTypes: ['sales_order.created'],
    });
    expect(registered.status).toBe(201);
    const endpoint = (await registered.json()) as { id: string; secret: string };
    const rotated = await call('POST', `/v0/organizations/${DEMO_ORGANIZATION}/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapSeconds: 3600 });
    expect(rotated.status).toBe(200);
    const { secret: newSecret } = (await rotated.json()) as { secret: string };
    expect(newSecret).not.toBe(endpoint.secret);

    // The receiver has not been given the new secret yet.
    const handled: [WebhookEvent, string][] = [];
    const printed: string[] = [];
    receiver = createWebhookReceiver(
      endpoint.secret,
      (event, id) => handled.push([event, id]),
      (line) => printed.push(line),
    );
    await new Promise<void>((resolve) => receiver?.listen(port, '127.0.0.1', resolve));
    expect((receiver.address() as AddressInfo).port).toBe(port);

    const inventory = (await (await call('GET', `/v0/organizations/${DEMO_ORGANIZATION}/inventory`)).json()) as {
      items: { items: { barcode: string; sellable: number }[] }[];
    };
    const entry = inventory.items.flatMap((group) => group.items).find((item) => item.sellable > 0);
    expect(entry).toBeDefined();
    const order = await call(
      'POST',
      `/v0/organizations/${DEMO_ORGANIZATION}/stores/${DEMO_STORE}/sales-orders`,
      { orderReference: 'rotation-1', customer: { firstName: 'Rosa' }, lineItems: [{ sku: entry?.barcode, barcode: entry?.barcode, quantity: 1 }] },
      { 'idempotency-key': 'rotation-1' },
    );
    expect(order.status).toBe(201);
    const { id: salesOrderId } = (await order.json()) as { id: string };

    const deadline = Date.now() + 20_000;
    while (handled.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handled).toEqual([
      [
        expect.objectContaining({ type: 'sales_order.created', data: expect.objectContaining({ id: salesOrderId }) }),
        expect.stringMatching(/^msg_[0-9a-f]{32}_sales_order\.created$/),
      ],
    ]);
    expect(printed).toEqual([`verified ${handled[0][1]} (sales_order.created) with secret 1 of 1; webhook-signature carried 2 signatures`]);
    // What the receiver printed, for the closing note.
    process.stdout.write(`${printed[0]}\n`);
  });
});
