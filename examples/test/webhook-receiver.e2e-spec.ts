// The webhook receiver example: a request signed as the gateway signs it is handled once, however often it
// is delivered; a wrong signature or an old timestamp is refused with 400.
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { webhookHeaders } from '@gateway/domain';
import { WebhookEvent, createWebhookReceiver } from '../src/webhook-receiver';

describe('the webhook receiver example', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const events: [WebhookEvent, string][] = [];
  const server = createWebhookReceiver(secret, (event, id) => events.push([event, id]));
  let url: string;
  const body = JSON.stringify({ type: 'sales_order.shipped', timestamp: '2026-11-23T10:00:00.000000Z', data: { id: 'f23c0f2d-9f75-4386-8eaf-15b0bc14fa63', status: 'SHIPPED' } });
  const post = (headers: Record<string, string>, payload = body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

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
