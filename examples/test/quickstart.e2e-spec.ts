// The SDK example (`npm run example`, its production bundle) against the public gateway as a real
// process, on a database holding the demo data, with a client registered for client_secret_post.
import { join } from 'node:path';
import { createTestClient } from '@gateway/testing';
import { DemoGateway, root, run, startDemoGateway } from './support/public-gateway-process';

/** The organization the example reads and orders in by default (fixtures/demo.json). */
const DEMO_ORGANIZATION = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';

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
    const ordered = /^sales order ([0-9a-f-]{36}): RECEIVED, fulfilment order fo-[0-9a-f-]{36}$/.exec(lines.at(-5) ?? '');
    expect(ordered).not.toBeNull();
    expect(lines.at(-4)).toBe('sent again with the same Idempotency-Key: the same order (replayed)');
    expect(lines.at(-3)).toMatch(/^listed: quickstart-\d+ RECEIVED \(fulfilment OPEN\)$/);
    expect(lines.at(-2)).toBe('an unknown order: 404 /problems/not-found (The sales order does not exist in this store.)');
    expect(lines.at(-1)).toBe('done');

    // The inventory lines are what the gateway answers for the demo organization, one per warehouse (read again
    // here), as they were before the order took one sellable unit of its line's barcode.
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    const { access_token: token } = (await (await fetch(`${gateway.url}/oauth2/token`, { method: 'POST', body: form })).json()) as { access_token: string };
    const read = await fetch(`${gateway.url}/v0/organizations/${DEMO_ORGANIZATION}/inventory`, { headers: { authorization: `Bearer ${token}` } });
    const groups = ((await read.json()) as { items: { warehouseId: string; items: { barcode: string; sellable: number }[] }[] }).items;
    expect(groups.length).toBeGreaterThan(0);
    const orderLines = await gateway.database.db.query<{ barcode: string; quantity: number; warehouse: string }>(
      `SELECT l.barcode, l.quantity, f.warehouse_id AS warehouse FROM sales_order_lines l JOIN fulfilment_orders f ON f.sales_order_id = l.sales_order_id
        WHERE l.sales_order_id = $1`,
      [ordered?.[1]],
    );
    expect(orderLines.rows).toEqual([{ barcode: expect.any(String), quantity: 1, warehouse: expect.any(String) }]);
    const sold = orderLines.rows[0];
    const before = (warehouseId: string, i: { barcode: string; sellable: number }) =>
      warehouseId === sold.warehouse && i.barcode === sold.barcode ? i.sellable + 1 : i.sellable;
    const printed = groups.map((g) => `inventory at ${g.warehouseId}: ${g.items.map((i) => `${i.barcode} sellable ${before(g.warehouseId, i)}`).join(', ')}`);
    expect(lines.filter((line) => line.startsWith('inventory at '))).toEqual(printed);
    // One order, though it was sent twice.
    const orders = await gateway.database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sales_orders WHERE organization_id = $1 AND order_reference LIKE 'quickstart-%'",
      [DEMO_ORGANIZATION],
    );
    expect(orders.rows[0].n).toBe(1);
    // Nothing secret printed.
    expect(example.output()).not.toContain(client.clientSecret);
  }, 60_000);
});
