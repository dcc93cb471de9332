// The ceiling of the webhook-capacity line: the bench's receiver fed by a bare signer-poster, as fast as
// node:http goes here. No database, no claims, no records: for each endpoint path and event it signs the
// body (Standard Webhooks HMAC-SHA256, one per request, as the gateway does) and posts it over kept-alive
// connections, with as many requests in flight as the gateway's delivery limits allow one organization.
import { createHmac, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';

interface PosterSpec {
  /** One URL per endpoint. */
  urls: string[];
  eventsPerEndpoint: number;
  concurrency: number;
}

function post(agent: Agent, url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(spec: PosterSpec): Promise<{ sent: number; failed: number }> {
  const key = randomBytes(32);
  const agent = new Agent({ keepAlive: true });
  const urls = spec.urls.map((u) => new URL(u));
  const jobs: { url: URL; event: number }[] = [];
  // Event by event, each to every endpoint: the order a fan-out writes them.
  for (let event = 0; event < spec.eventsPerEndpoint; event++) for (const url of urls) jobs.push({ url, event });
  let next = 0;
  let sent = 0;
  let failed = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { url, event } = jobs[next++];
      const id = `msg_ceiling_${event}_inventory_level.changed`;
      const timestamp = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({
        type: 'inventory_level.changed',
        timestamp: new Date().toISOString(),
        data: { warehouseId: 'wh-bench-a', barcode: `CEILING-${String(event).padStart(6, '0')}`, onHand: 1000 + event, sellable: 1000 + event },
      });
      const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
      const status = await post(agent, url, { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }, body);
      if (status >= 200 && status < 300) sent++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  agent.destroy();
  return { sent, failed };
}

process.on('message', (spec: PosterSpec) => {
  run(spec).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exit(1);
    },
  );
});
