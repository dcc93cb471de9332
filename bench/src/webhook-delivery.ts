// The delivery-throughput line of `npm run bench`: sales orders posted to the public gateway, each making a
// sales_order.created webhook to a receiver in this process on 127.0.0.1 (WEBHOOK_ALLOWED_HOSTS); events
// delivered per second, and the lag from the change's transaction to the receiver at p50 and p99.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { salesOrderBody } from './load/load-kit.mjs';
import { percentile } from './stats';

export interface WebhookDeliveryReport {
  events: number;
  delivered: number;
  eventsPerSecond: number;
  lagP50Ms: number;
  lagP99Ms: number;
}

export async function measureWebhookDelivery(options: {
  publicUrl: string;
  token: string;
  org: { organizationId: string; storeId: string; barcodes: string[] };
  events: number;
  concurrency: number;
}): Promise<WebhookDeliveryReport> {
  const lags: number[] = [];
  let lastAt = 0;
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      lastAt = Date.now();
      lags.push(lastAt - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
    const { organizationId, storeId, barcodes } = options.org;
    const endpoint = await fetch(`${options.publicUrl}/v0/organizations/${organizationId}/webhook-endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`, eventTypes: ['sales_order.created'] }),
    });
    if (endpoint.status !== 201) throw new Error(`registering the webhook endpoint answered ${endpoint.status}: ${await endpoint.text()}`);
    const started = Date.now();
    let next = 0;
    const post = async () => {
      while (next < options.events) {
        const n = next++;
        const res = await fetch(`${options.publicUrl}/v0/organizations/${organizationId}/stores/${storeId}/sales-orders`, {
          method: 'POST',
          headers,
          body: salesOrderBody(`bench-webhook-${n}`, barcodes),
        });
        if (res.status !== 201) throw new Error(`a sales order answered ${res.status}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, post));
    const deadline = Date.now() + 120_000;
    while (lags.length < options.events && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const sorted = [...lags].sort((a, b) => a - b);
    return {
      events: options.events,
      delivered: lags.length,
      eventsPerSecond: lags.length / Math.max(0.001, (lastAt - started) / 1000),
      lagP50Ms: percentile(sorted, 50),
      lagP99Ms: percentile(sorted, 99),
    };
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}
