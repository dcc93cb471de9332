// The SDK example (`npm run example`, its production bundle) against the public gateway as a real
// process, on a database holding the demo data, with a client registered for client_secret_post.
import { join } from 'node:path';
import { createTestClient } from '@gateway/testing';
import { DemoGateway, root, run, startDemoGateway } from './support/public-gateway-process';

describe('the SDK example', () => {
  let gateway: DemoGateway;

  beforeAll(async () => {
    gateway = await startDemoGateway();
  }, 90_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  it('gets a token, reads organizations and inventory, and creates one sales order that a retry replays', async () => {
    const client = await createTestClient(gateway.database.url, { type: 'SERVICE' });
    const example = run(join(root, 'dist/examples/main.js'), [], { GATEWAY_URL: gateway.url, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret });
    expect([await example.exit, example.output()]).toEqual([0, expect.any(String)]);
    const lines = example.output().trimEnd().split('\n');
    expect(lines[0]).toBe('token: minted (reused until shortly before it expires)');
    expect(lines[1]).toBe('organizations: Lumen Home Goods, Nordic Outdoor Supply, Pixel Pet Co.');
    expect(lines.filter((line) => line.startsWith('inventory at ')).length).toBeGreaterThan(0);
    expect(lines.at(-5)).toMatch(/^sales order [0-9a-f-]{36}: RECEIVED, fulfilment order fo-[0-9a-f-]{36}$/);
    expect(lines.at(-4)).toBe('sent again with the same Idempotency-Key: the same order (replayed)');
    expect(lines.at(-3)).toMatch(/^listed: quickstart-\d+ RECEIVED \(fulfilment OPEN\)$/);
    expect(lines.at(-2)).toBe('an unknown order: 404 /problems/not-found (The sales order does not exist in this store.)');
    expect(lines.at(-1)).toBe('done');
    // Nothing secret printed.
    expect(example.output()).not.toContain(client.clientSecret);
  }, 60_000);
});
