// The Python examples (examples/python, standard library only) run with python3 against the public gateway
// on the demo data: a token and its renewal, an idempotent order and its replay, an order's life (catalogue,
// address, PATCH, cancel), a return of a shipped order, an inbound shipment's (announced, replayed, changed,
// cancelled), the events feed, a sandbox order simulated to delivery with its own client, and a receiver that
// verifies a real delivery's Standard Webhooks signature by hand and refuses a forged one.
// Skipped, saying so, where python3 is not installed.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { freePort } from '@gateway/dev-postgres';
import { Database } from '@gateway/persistence';
import { createTestClient, fulfilment, placeSalesOrder, seedSandboxOrganization, waitUntil } from '@gateway/testing';
import { DemoGateway, root, startDemoGateway } from './support/public-gateway-process';

const PYTHON = 'python3';
const hasPython = spawnSync(PYTHON, ['--version']).status === 0;
if (!hasPython) process.stderr.write('python-examples: skipped, python3 is not installed (apt-get install -y python3)\n');
const describeWithPython = hasPython ? describe : describe.skip;
const dir = join(root, 'examples/python');

function python(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, [join(dir, script)], { cwd: dir, env: { PATH: process.env.PATH, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describeWithPython('the Python examples (skipped where python3 is missing)', () => {
  let gateway: DemoGateway;
  let env: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    gateway = await startDemoGateway({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    const client = await createTestClient(gateway.database.url, { type: 'SERVICE' });
    env = { GATEWAY_URL: gateway.url, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret };
    const answer = await fetch(`${gateway.url}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  }, 90_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  describe('with a webhook receiver', () => {
    let receiver: ChildProcess;
    let received = '';
    let receiverUrl: string;
    let secret: string;

    beforeAll(async () => {
      const port = await freePort();
      receiverUrl = `http://127.0.0.1:${port}/hook`;
      const registered = await fetch(`${gateway.url}/v0/organizations/0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01/webhook-endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiverUrl, eventTypes: ['sales_order.created'] }),
      });
      expect(registered.status).toBe(201);
      secret = ((await registered.json()) as { secret: string }).secret;
      receiver = spawn(PYTHON, [join(dir, 'webhook_receiver.py')], { cwd: dir, env: { PATH: process.env.PATH, WEBHOOK_SECRET: secret, PORT: String(port) } });
      receiver.stdout?.on('data', (chunk) => (received += chunk));
      receiver.stderr?.on('data', (chunk) => (received += chunk));
      await waitUntil(() => received.includes('listening on'), 20_000);
    });

    afterAll(() => {
      receiver?.kill('SIGTERM');
    });

    it('quickstart.py: a token reused and renewed, an order and its replay, the same key with another body refused; the receiver verifies the delivery', async () => {
      const { code, output } = await python('quickstart.py', env);
      expect([code, output.trimEnd().split('\n')]).toEqual([
        0,
        [
          'token: minted 1 for two calls, as SERVICE',
          'token: renewed before it expired (2 minted)',
          'sales order: 201 RECEIVED, fulfilment order fo-...',
          'sent again with the same Idempotency-Key: 201 the same order, Idempotent-Replayed: true',
          'the same key with another body: 422 /problems/idempotency-key-reused',
        ],
      ]);
      expect(output).not.toContain(env.CLIENT_SECRET);
      // The gateway delivers sales_order.created to the Python receiver, which checks the signature by hand.
      await waitUntil(() => /verified sales_order\.created \S+/.test(received), 60_000);
    }, 90_000);

    it('webhook_receiver.py refuses a body whose signature does not match, and accepts one signed with the secret', async () => {
      const id = 'msg_python_example';
      const timestamp = new Date();
      const body = JSON.stringify({ type: 'sales_order.created', timestamp: timestamp.toISOString(), data: { id: 'x' } });
      const signature = new Webhook(secret).sign(id, timestamp, body);
      const send = (payload: string) =>
        fetch(receiverUrl, {
          method: 'POST',
          body: payload,
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': `v1,bm9wZQ== ${signature}`,
          },
        });
      expect((await send(body.replace('"x"', '"y"'))).status).toBe(400);
      expect((await send(body)).status).toBe(204);
      await waitUntil(() => received.includes('refused: no valid signature') && received.includes(`verified sales_order.created ${id}`), 10_000);
    });
  });

  it('order_lifecycle.py: the catalogue, an order with its address, read, corrected, cancelled, and cancelled again unchanged', async () => {
    const { code, output } = await python('order_lifecycle.py', env);
    expect([code, output.trimEnd().split('\n')]).toEqual([
      0,
      [
        'catalogue: NOS-TENT-2P is barcode 8710000000011 (Two-person trekking tent)',
        'sales order: 201 RECEIVED, to Stockholm SE',
        'read back: OPEN, to Storgatan 12',
        'address corrected: 200, to Storgatan 14, c/o Lind',
        'cancelled: 200 CANCELLED/CANCELLED, reason: customer changed their mind',
        'cancelled again: 200, unchanged: True',
        "a cancelled order's address cannot change: 409 /problems/fulfilment-order-state",
      ],
    ]);
  }, 60_000);

  it('returns.py: a return of a shipped order announced, replayed by its key, listed, refused past what shipped, cancelled twice', async () => {
    const organizationId = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
    const { db } = gateway.database;
    const at = { organizationId, warehouseId: 'wh-ams-1', barcode: '8710000000011' };
    await fulfilment(db).receive(at, 2);
    const { salesOrderId, fulfilmentOrderId } = await placeSalesOrder(db, { organizationId, storeId: 'store-nordic-web' }, [
      { barcode: at.barcode, quantity: 2 },
    ]);
    await fulfilment(db).allocate(organizationId, fulfilmentOrderId);
    await fulfilment(db).ship(organizationId, fulfilmentOrderId, { carrier: 'PostNord', trackingNumber: '00370712345678901234' });
    const { code, output } = await python('returns.py', { ...env, SALES_ORDER_ID: salesOrderId });
    expect([code, output.trimEnd().split('\n')]).toEqual([
      0,
      [
        'return: 201 AWAITING_ARRIVAL at wh-ams-1, 1 x NOS-TENT-2P (RESTOCK)',
        'sent again with its key: 201, the same return: True',
        "the order's returns: 1",
        'awaiting arrival in the organization: includes it: True',
        'more than shipped: 409 /problems/return-quantity-exceeded',
        'cancelled: 200 CANCELLED',
        'cancelled again: 200, unchanged: True',
      ],
    ]);
  }, 60_000);

  it('inbound_shipment.py: announced and replayed, read, changed, cancelled, cancelled again unchanged, then refused a change', async () => {
    const { code, output } = await python('inbound_shipment.py', env);
    expect([code, output.trimEnd().split('\n')]).toEqual([
      0,
      [
        'announced: 201 AWAITING, 2 lines to wh-ams-1',
        'retried with the same key: 201, replayed: True',
        'read back: AWAITING, NOS-TENT-2P 0/40, NOS-BAG-0C 0/12',
        'changed: 200, a week later, now 1 line of 48',
        'cancelled: 200 CANCELLED',
        'cancelled again: 200, unchanged: True',
        'a cancelled shipment cannot change: 409 /problems/inbound-shipment-not-awaiting',
      ],
    ]);
  }, 60_000);

  it('sandbox.py: a sandbox order simulated through two parcels to DELIVERED with its own client, then a step refused as FAILED', async () => {
    const db = new Database({ url: gateway.database.url, poolMax: 1 });
    const seeded = await seedSandboxOrganization(db);
    await db.close();
    const own = await createTestClient(gateway.database.url, { type: 'ORGANIZATION', organizationId: seeded.organizationId });
    const { code, output } = await python('sandbox.py', {
      GATEWAY_URL: gateway.url,
      CLIENT_ID: own.clientId,
      CLIENT_SECRET: own.clientSecret,
      ORGANIZATION_ID: seeded.organizationId,
      STORE_ID: seeded.storeId,
    });
    expect([code, output.trimEnd().split('\n')]).toEqual([
      0,
      [
        `sales order: 201 RECEIVED (sandbox), 2 x ${seeded.barcodes[0]}`,
        'ALLOCATE: SUCCESS, order RECEIVED, fulfilment ALLOCATED',
        'SHIP: SUCCESS, order RECEIVED, fulfilment PARTIALLY_SHIPPED',
        'SHIP: SUCCESS, order SHIPPED, fulfilment SHIPPED',
        'DELIVER: SUCCESS, order DELIVERED, fulfilment SHIPPED',
        'parcel PostNord: DELIVERED, track it at https://tracking.carrier.example/postnord/?id=0037071234567890',
        expect.stringMatching(/^parcel SANDBOX: DELIVERED, track it at https:\/\/tracking\.sandbox\.invalid\/SBX[0-9A-F]{16}$/),
        'DELIVER again: FAILED, The fulfilment order is SHIPPED and has no shipment left to deliver.',
      ],
    ]);
  }, 60_000);

  it('events_feed.py reads the feed page after page', async () => {
    const { code, output } = await python('events_feed.py', env);
    expect([code, output]).toEqual([0, expect.stringMatching(/^events: .*sales_order\.created \d+/)]);
  }, 60_000);
});
