// A gateway process killed with SIGKILL in the middle of a stream of creations leaves no partial order,
// and every order it answered 201 is there, and replays, after a restart.
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@gateway/dev-postgres';
import { OpenApiValidator, SeededOrganization, TEST_KEY_ENCRYPTION_KEY, createTestClient, seedOrganization, useTestDatabase } from '@gateway/testing';

const SALES_ORDERS = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders';

const main = join(__dirname, '../../../dist/apps/public-gateway/main.js');

async function startProcess(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PUBLIC_GATEWAY_PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the gateway process did not become ready');
}

describe('sales-order creation survives SIGKILL', () => {
  const { database } = useTestDatabase();
  let org: SeededOrganization;

  beforeAll(async () => {
    org = await seedOrganization(database.db);
  });

  it('leaves no partial order and loses no answered one', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = await startProcess(database.url, port);
    // Every answer below is checked against the document this process serves.
    const validator = new OpenApiValidator((await (await fetch(`${base}/openapi.json`)).json()) as Record<string, unknown>);
    const client = await createTestClient(database.url, { type: 'SERVICE' });
    const tokenResponse = await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const [levelBefore] = (
      await database.db.query('SELECT pending_allocation FROM inventory_levels WHERE organization_id = $1 AND barcode = $2', [
        org.organizationId,
        org.barcodes[0],
      ])
    ).rows;

    const answered = new Map<string, string>();
    const answers: unknown[] = [];
    let sequence = 0;
    let killed = false;
    const send = (key: string) =>
      fetch(`${base}/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          orderReference: key,
          customer: { firstName: 'Crash' },
          lineItems: [
            { sku: 's', barcode: org.barcodes[0], quantity: 1 },
            { sku: 's', barcode: org.barcodes[1], quantity: 2 },
          ],
        }),
      });
    const stream = async () => {
      while (!killed) {
        const key = `crash-${sequence++}`;
        try {
          const res = await send(key);
          if (res.status === 201) {
            const body = (await res.json()) as { id: string };
            answers.push(body);
            answered.set(key, body.id);
          }
        } catch {
          // the connection died with the process
        }
      }
    };
    const streams = [stream(), stream(), stream(), stream()];
    while (answered.size < 20) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    killed = true;
    await Promise.all(streams);

    expect(answers.flatMap((body) => validator.errors('POST', SALES_ORDERS, 201, body))).toEqual([]);

    // Every order is whole: its lines, its fulfilment order with lines, its events.
    const orders = await database.db.query<{ id: string; lines: number; fo_lines: number; events: number }>(
      `SELECT so.id,
              (SELECT count(*)::int FROM sales_order_lines l WHERE l.sales_order_id = so.id) AS lines,
              (SELECT count(*)::int FROM fulfilment_orders fo JOIN fulfilment_order_lines fl ON fl.fulfilment_order_id = fo.id WHERE fo.sales_order_id = so.id) AS fo_lines,
              (SELECT count(*)::int FROM domain_events e WHERE e.aggregate_id = so.id::text) AS events
         FROM sales_orders so WHERE so.organization_id = $1`,
      [org.organizationId],
    );
    expect(orders.rows.length).toBeGreaterThanOrEqual(answered.size);
    for (const row of orders.rows) expect([row.lines, row.fo_lines, row.events]).toEqual([2, 2, 1]);
    // The inventory effect of exactly those orders.
    const [levelAfter] = (
      await database.db.query('SELECT pending_allocation FROM inventory_levels WHERE organization_id = $1 AND barcode = $2', [
        org.organizationId,
        org.barcodes[0],
      ])
    ).rows;
    expect(levelAfter.pending_allocation - levelBefore.pending_allocation).toBe(orders.rows.length);
    // Every answered order exists, and a restarted gateway replays it.
    const ids = new Set(orders.rows.map((r) => r.id));
    for (const id of answered.values()) expect(ids.has(id)).toBe(true);
    child = await startProcess(database.url, port);
    try {
      for (const [key, id] of [...answered].slice(0, 5)) {
        const replay = await send(key);
        expect(replay.status).toBe(201);
        const body = (await replay.json()) as { id: string };
        expect(validator.errors('POST', SALES_ORDERS, 201, body, replay.headers.get('content-type')?.split(';')[0])).toEqual([]);
        expect(body.id).toBe(id);
      }
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);
});
