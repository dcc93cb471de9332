// The SDK example (`npm run example`, its production bundle) against the public gateway as a real
// process, on a database holding the demo data, with a client registered for client_secret_post.
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Database, Fixture } from '@gateway/persistence';
import { freePort } from '@gateway/dev-postgres';
import { TestDatabase, createTestClient, createTestDatabase, gatewayTestEnv, importFixture } from '@gateway/testing';

const root = join(__dirname, '../..');
/** The organization the quickstart reads and orders in by default (fixtures/demo.json). */
const DEMO_ORGANIZATION = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';

function run(program: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, [join(root, program)], { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output, exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

describe('the SDK example', () => {
  let database: TestDatabase;
  let gateway: ReturnType<typeof run>;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = new Database({ url: database.url, poolMax: 1 });
    await importFixture(db, JSON.parse(readFileSync(join(root, 'fixtures/demo.json'), 'utf8')) as Fixture);
    await db.close();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    gateway = run('dist/apps/public-gateway/main.js', { ...gatewayTestEnv(database.url, { PUBLIC_BASE_URL: url }), PUBLIC_GATEWAY_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${url}/health/ready`).then((r) => r.status === 200, () => false))) {
      if (Date.now() > deadline) throw new Error(`the public gateway did not become ready:\n${gateway.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  afterAll(async () => {
    gateway?.child.kill('SIGTERM');
    await gateway?.exit;
    await database.drop();
  });

  it('gets a token, reads organizations and inventory, and creates one sales order that a retry replays', async () => {
    const client = await createTestClient(database.url, { type: 'SERVICE' });
    const example = run('dist/examples/main.js', { GATEWAY_URL: url, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret });
    expect([await example.exit, example.output()]).toEqual([0, expect.any(String)]);
    const lines = example.output().trimEnd().split('\n');
    expect(lines[0]).toBe('token: minted (reused until shortly before it expires)');
    expect(lines[1]).toBe('organizations: Lumen Home Goods, Nordic Outdoor Supply, Pixel Pet Co.');
    // The inventory lines are what the gateway answers for the demo organization, one per warehouse (read again here).
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    const { access_token: token } = (await (await fetch(`${url}/oauth2/token`, { method: 'POST', body: form })).json()) as { access_token: string };
    const read = await fetch(`${url}/v0/organizations/${DEMO_ORGANIZATION}/inventory`, { headers: { authorization: `Bearer ${token}` } });
    const groups = ((await read.json()) as { items: { warehouseId: string; items: { barcode: string; sellable: number }[] }[] }).items;
    expect(groups.length).toBeGreaterThan(0);
    const ordered = /^sales order ([0-9a-f-]{36}): RECEIVED, fulfilment order fo-[0-9a-f-]{36}$/.exec(lines.at(-2) ?? '');
    // The order took one sellable unit after the example read the inventory: the first line item's barcode has one less now.
    const orderLines = await database.db.query<{ barcode: string; quantity: number; warehouse: string }>(
      `SELECT l.barcode, l.quantity, f.warehouse_id AS warehouse FROM sales_order_lines l JOIN fulfilment_orders f ON f.sales_order_id = l.sales_order_id
        WHERE l.sales_order_id = $1`,
      [ordered?.[1]],
    );
    expect(orderLines.rows).toEqual([{ barcode: expect.any(String), quantity: 1, warehouse: expect.any(String) }]);
    const sold = orderLines.rows[0];
    const before = (warehouseId: string, i: { barcode: string; sellable: number }) => (warehouseId === sold.warehouse && i.barcode === sold.barcode ? i.sellable + 1 : i.sellable);
    const printed = groups.map((g) => `inventory at ${g.warehouseId}: ${g.items.map((i) => `${i.barcode} sellable ${before(g.warehouseId, i)}`).join(', ')}`);
    expect(lines.slice(2, -2)).toEqual(printed);
    expect(ordered).not.toBeNull();
    expect(lines.at(-1)).toBe('sent again with the same Idempotency-Key: the same order (replayed)');
    // One order, though it was sent twice.
    const orders = await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sales_orders WHERE organization_id = $1 AND order_reference LIKE 'quickstart-%'", [DEMO_ORGANIZATION]);
    expect(orders.rows[0].n).toBe(1);
    // Nothing secret printed.
    expect(example.output()).not.toContain(client.clientSecret);
  }, 60_000);
});
