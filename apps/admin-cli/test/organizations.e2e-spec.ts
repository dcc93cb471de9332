// `admin organizations:create --sandbox` and `organizations:update` (contract 6.10), run as an operator would,
// with the public gateway's production bundle answering the new client's token and order.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@gateway/dev-postgres';
import { TestDatabase, createTestDatabase, gatewayTestEnv } from '@gateway/testing';

const root = join(__dirname, '../../..');
const cli = join(root, 'dist/apps/admin-cli/main.js');
const KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
const LIVE = '44444444-4444-4444-8444-444444444444';

describe('admin organizations:create --sandbox and organizations:update', () => {
  let database: TestDatabase;
  let gateway: ChildProcess;
  let url: string;

  const admin = (...args: string[]) => {
    const result = spawnSync(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, KEY_ENCRYPTION_KEY },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.query(`INSERT INTO organizations (id, name) VALUES ($1, 'Live Co')`, [LIVE]);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    gateway = spawn(process.execPath, [join(root, 'dist/apps/public-gateway/main.js')], {
      env: {
        PATH: process.env.PATH,
        ...gatewayTestEnv(database.url, { PUBLIC_BASE_URL: url }),
        PUBLIC_GATEWAY_PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${url}/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('the public gateway did not become ready');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  afterAll(async () => {
    gateway?.kill('SIGTERM');
    await new Promise((resolve) => (gateway?.exitCode !== null ? resolve(undefined) : gateway.once('exit', resolve)));
    await database?.drop();
  });

  let created: {
    organization: { id: string };
    client: { client_id: string; client_secret: string };
    store: { id: string; warehouseId: string };
    retailUnits: { barcode: string; sku: string; onHand: number }[];
  };

  it('creates a sandbox ready to order and prints { organization, client, store, retailUnits }, the secret this once', async () => {
    const { code, stdout, stderr } = admin('organizations:create', '--name', 'Connector test shop', '--sandbox', '--json');
    expect({ code, stderr }).toEqual({ code: 0, stderr: 'Keep the client_secret now: it is stored only as a hash and cannot be shown again.\n' });
    created = JSON.parse(stdout);
    const id = created.organization.id;
    expect(created).toEqual({
      organization: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Connector test shop', environment: 'sandbox', autoAdvance: false },
      client: {
        client_id: expect.any(String),
        client_secret: expect.any(String),
        client_type: 'ORGANIZATION',
        auth_method: 'client_secret_post',
        audience: 'public',
      },
      store: { id: `sandbox-store-${id}`, name: 'Sandbox store', warehouseId: `sandbox-${id}` },
      retailUnits: [
        { barcode: 'SBX-0001', sku: 'SANDBOX-TSHIRT-M', name: 'Sandbox T-shirt, size M', weightGram: 200, onHand: 100 },
        { barcode: 'SBX-0002', sku: 'SANDBOX-MUG', name: 'Sandbox mug', weightGram: 350, onHand: 50 },
        { barcode: 'SBX-0003', sku: 'SANDBOX-POSTER', name: 'Sandbox poster', weightGram: 100, onHand: 25 },
      ],
    });
    // Its own warehouse, its stock at it, received through the event log as stock normally comes in.
    const warehouse = await database.db.query('SELECT id, sandbox_organization_id FROM warehouses WHERE sandbox_organization_id = $1', [id]);
    expect(warehouse.rows).toEqual([{ id: `sandbox-${id}`, sandbox_organization_id: id }]);
    const levels = await database.db.query('SELECT warehouse_id, barcode, on_hand::int FROM inventory_levels WHERE organization_id = $1 ORDER BY barcode', [
      id,
    ]);
    expect(levels.rows).toEqual(created.retailUnits.map((u) => ({ warehouse_id: `sandbox-${id}`, barcode: u.barcode, on_hand: u.onHand })));
    const events = await database.db.query("SELECT type, barcode, payload->'delta' AS delta FROM domain_events WHERE organization_id = $1 ORDER BY barcode", [
      id,
    ]);
    expect(events.rows).toEqual(
      created.retailUnits.map((u) => ({ type: 'StockReceived', barcode: u.barcode, delta: { onHand: u.onHand, allocated: 0, pendingAllocation: 0 } })),
    );
    // The client acts for this organization; its secret is kept only as a hash.
    const stored = await database.db.query('SELECT client_type, organization_id, secret_hash <> $2 AS hashed FROM api_clients WHERE client_id = $1', [
      created.client.client_id,
      created.client.client_secret,
    ]);
    expect(stored.rows).toEqual([{ client_type: 'ORGANIZATION', organization_id: id, hashed: true }]);
  });

  it("mints a token with the printed client and places an order whose record says environment: 'sandbox'", async () => {
    const tokenAnswer = await fetch(`${url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: created.client.client_id, client_secret: created.client.client_secret }),
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token } = (await tokenAnswer.json()) as { access_token: string };
    const orgId = created.organization.id;
    const order = await fetch(`${url}/v0/organizations/${orgId}/stores/${created.store.id}/sales-orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderReference: 'sbx-1', customer: { firstName: 'Test' }, lineItems: [{ sku: 'SANDBOX-MUG', quantity: 2 }] }),
    });
    expect(order.status).toBe(201);
    const body = (await order.json()) as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.any(String),
      organizationId: orgId,
      environment: 'sandbox',
      storeId: created.store.id,
      orderReference: 'sbx-1',
      status: 'RECEIVED',
      placedAt: expect.any(String),
      createdAt: expect.any(String),
      customer: { firstName: 'Test' },
      lineItems: [{ sku: 'SANDBOX-MUG', quantity: 2, barcode: 'SBX-0002' }],
      fulfilmentOrderId: expect.any(String),
    });
    const fulfilment = await database.db.query('SELECT warehouse_id FROM fulfilment_orders WHERE id = $1', [body.fulfilmentOrderId]);
    expect(fulfilment.rows).toEqual([{ warehouse_id: `sandbox-${orgId}` }]);
  });

  it('switches auto-advance on and off for a sandbox', () => {
    const id = created.organization.id;
    const on = admin('organizations:update', id, '--auto-advance', '--json');
    expect({ code: on.code, stdout: JSON.parse(on.stdout) }).toEqual({
      code: 0,
      stdout: { organization: { id, name: 'Connector test shop', environment: 'sandbox', autoAdvance: true } },
    });
    const off = admin('organizations:update', id.toUpperCase(), '--no-auto-advance');
    expect({ code: off.code, stdout: off.stdout }).toEqual({ code: 0, stdout: `organization ${id}: auto-advance off\n` });
  });

  it('refuses auto-advance for a live organization and an unknown one (exit 1), and bad command lines (exit 2)', async () => {
    const live = admin('organizations:update', LIVE, '--auto-advance', '--json');
    expect({ code: live.code, stdout: JSON.parse(live.stdout) }).toEqual({
      code: 1,
      stdout: { error: `organization ${LIVE} is live: auto-advance is for sandbox organizations only` },
    });
    expect((await database.db.query('SELECT auto_advance FROM organizations WHERE id = $1', [LIVE])).rows).toEqual([{ auto_advance: false }]);
    const unknown = admin('organizations:update', '55555555-5555-4555-8555-555555555555', '--auto-advance');
    expect({ code: unknown.code, stderr: unknown.stderr }).toEqual({ code: 1, stderr: 'error: no organization 55555555-5555-4555-8555-555555555555\n' });
    expect(admin('organizations:update', LIVE).code).toBe(2);
    expect(admin('organizations:update', 'not-a-uuid', '--auto-advance').code).toBe(2);
    const live2 = admin('organizations:create', '--name', 'Live by CLI', '--json');
    expect({ code: live2.code, stdout: JSON.parse(live2.stdout) }).toEqual({
      code: 2,
      stdout: { error: 'organizations:create makes sandbox organizations only: add --sandbox (live organizations come through import)' },
    });
  });
});
