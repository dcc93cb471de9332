// The sandbox walkthrough (`npm run example -- sandbox`, its production bundle) against the public gateway as a
// real process, with a sandbox organization's own client only: an order of two units simulated through its
// allocation, two parcels (one named, one SANDBOX) and delivery, each event printed by the example receiver with
// its environment and tracking link; then, auto-advance turned on once the example asks for it, a second order
// DELIVERED with nothing called.
import { join } from 'node:path';
import { Database } from '@gateway/persistence';
import { createTestClient, seedSandboxOrganization, setAutoAdvance, waitUntil } from '@gateway/testing';
import { DemoGateway, root, run, startDemoGateway } from './support/public-gateway-process';

describe('the sandbox walkthrough', () => {
  let gateway: DemoGateway;

  beforeAll(async () => {
    gateway = await startDemoGateway({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100', SANDBOX_AUTO_ADVANCE_SECONDS: '1' });
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  it('simulates an order to DELIVERED, prints every event with its tracking link, and auto-advance delivers a second', async () => {
    const db = new Database({ url: gateway.database.url, poolMax: 1 });
    const seeded = await seedSandboxOrganization(db);
    const client = await createTestClient(gateway.database.url, { type: 'ORGANIZATION', organizationId: seeded.organizationId });
    const example = run(join(root, 'dist/examples/main.js'), ['sandbox'], {
      GATEWAY_URL: gateway.url,
      CLIENT_ID: client.clientId,
      CLIENT_SECRET: client.clientSecret,
      ORGANIZATION_ID: seeded.organizationId,
      STORE_ID: seeded.storeId,
      AUTO_ADVANCE_WAIT_SECONDS: '60',
    });
    // The user turns auto-advance on when the example says how.
    await waitUntil(() => example.output().includes('--auto-advance'), 60_000);
    await setAutoAdvance(db, seeded.organizationId, true);
    await db.close();
    expect([await example.exit, example.output()]).toEqual([0, expect.any(String)]);
    const lines = example.output().trimEnd().split('\n');

    const first = /^order (sandbox-\d+): RECEIVED \(sandbox\), 2 x (\S+)$/.exec(lines[1]);
    expect(first).not.toBeNull();
    const [, reference, barcode] = first as RegExpExecArray;
    expect(seeded.barcodes).toContain(barcode);
    const steps = lines.filter((line) => /^(ALLOCATE|SHIP|DELIVER)/.test(line));
    expect(steps).toEqual([
      'ALLOCATE: order RECEIVED, fulfilment ALLOCATED',
      expect.stringMatching(/^SHIP \(PostNord 00370712\d+\): order RECEIVED, fulfilment PARTIALLY_SHIPPED$/),
      expect.stringMatching(/^SHIP \(SANDBOX SBX[0-9A-F]{16}\): order SHIPPED, fulfilment SHIPPED$/),
      'DELIVER: order DELIVERED, fulfilment SHIPPED',
    ]);
    expect(lines).toContain(`order ${reference}: DELIVERED, 2 parcels`);

    // Every event of the first order, in the order the steps caused them, each in the sandbox.
    const events = (ref: string) => lines.filter((line) => line.startsWith(`  webhook ${ref} `)).map((line) => line.slice(`  webhook ${ref} `.length));
    const firstEvents = events(reference);
    // Within a step the webhooks go out in parallel, so each step's are compared as a set; none after the last.
    const bySteps = (types: string[], ends: number[]) => [...ends, types.length].map((end, i) => types.slice(ends[i - 1] ?? 0, end).sort());
    expect(
      bySteps(
        firstEvents.map((e) => e.split(' ')[0]),
        [1, 2, 4, 7],
      ),
    ).toEqual([
      ['sales_order.created'],
      ['sales_order.shipment_created'],
      ['sales_order.shipment_created', 'sales_order.shipped'],
      ['sales_order.delivered', 'sales_order.shipment_updated', 'sales_order.shipment_updated'],
      [],
    ]);
    for (const e of firstEvents) expect(e).toContain(' (sandbox): ');
    // The tracking lines: the named parcel's link, and the SANDBOX parcel's made-up one.
    const tracked = firstEvents.filter((e) => e.startsWith('sales_order.shipment_'));
    expect(tracked).toHaveLength(4);
    expect(tracked).toContainEqual(
      expect.stringMatching(
        /^sales_order\.shipment_created \(sandbox\): [A-Z_]+, PostNord 00370712\d+, https:\/\/tracking\.carrier\.example\/postnord\/\?id=00370712\d+$/,
      ),
    );
    expect(tracked).toContainEqual(
      expect.stringMatching(/^sales_order\.shipment_updated \(sandbox\): DELIVERED, SANDBOX (SBX[0-9A-F]{16}), https:\/\/tracking\.sandbox\.invalid\/\1$/),
    );

    // The second order: delivered by auto-advance, its events printed as they came.
    const second = /^order (sandbox-auto-\d+): RECEIVED \(sandbox\)/.exec(lines.find((line) => line.startsWith('order sandbox-auto-')) ?? '');
    expect(second).not.toBeNull();
    const secondReference = (second as RegExpExecArray)[1];
    expect(
      bySteps(
        events(secondReference).map((e) => e.split(' ')[0]),
        [1, 3, 5],
      ),
    ).toEqual([
      ['sales_order.created'],
      ['sales_order.shipment_created', 'sales_order.shipped'],
      ['sales_order.delivered', 'sales_order.shipment_updated'],
      [],
    ]);
    expect(lines).toContain(`order ${secondReference}: DELIVERED with nothing called`);
    expect(example.output()).not.toContain(client.clientSecret);
    expect(lines.at(-1)).toBe('done');
  }, 150_000);
});
