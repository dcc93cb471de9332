// The fulfilment walkthrough (`npm run example -- fulfilment`, its production bundle) against both gateways as
// real processes on a database holding the demo data: an order shipped in two parcels and delivered, whose
// webhooks the example receiver verifies and prints with their tracking links, part of it returned (announced,
// arrived, processed: one unit restocked, one disposed of), and an order the integrator cancels, whose stock
// is sellable again.
import { join } from 'node:path';
import { createTestClient } from '@gateway/testing';
import { DemoGateway, root, run, startDemoGateway } from './support/public-gateway-process';

describe('the fulfilment walkthrough', () => {
  let gateway: DemoGateway;

  beforeAll(async () => {
    gateway = await startDemoGateway({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' }, { internal: true });
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  it('ships an order in two parcels, delivers both, tells the receiver of each with its tracking link, and puts a cancelled order’s stock back', async () => {
    const client = await createTestClient(gateway.database.url, { type: 'SERVICE' });
    const staff = await createTestClient(gateway.database.url, { type: 'SERVICE', audience: 'internal' });
    const example = run(join(root, 'dist/examples/main.js'), ['fulfilment'], {
      GATEWAY_URL: gateway.url,
      INTERNAL_GATEWAY_URL: gateway.internalUrl,
      CLIENT_ID: client.clientId,
      CLIENT_SECRET: client.clientSecret,
      INTERNAL_CLIENT_ID: staff.clientId,
      INTERNAL_CLIENT_SECRET: staff.clientSecret,
    });
    expect([await example.exit, example.output()]).toEqual([0, expect.any(String)]);
    const lines = example.output().trimEnd().split('\n');
    const reference = /^order (walkthrough-\d+) \(([0-9a-f-]{36})\): RECEIVED, to Quinn Start, Prinsengracht 263, 1016 GV Amsterdam, NL$/.exec(lines[1]);
    expect(reference).not.toBeNull();
    const [, orderReference, salesOrderId] = reference as RegExpExecArray;

    // The two parcels: the first leaves the rest allocated, the second ships it.
    const parcels = lines.filter((line) => line.startsWith('SHIP_FULFILMENT_ORDER'));
    expect(parcels).toEqual([
      expect.stringMatching(
        /^SHIP_FULFILMENT_ORDER parcel 1 \(1 x 8710000000011\): PARTIALLY_SHIPPED, shipment [0-9a-f-]{36}, https:\/\/tracking\.carrier\.example\/postnord\//,
      ),
      expect.stringMatching(
        /^SHIP_FULFILMENT_ORDER parcel 2 \(1 x 8710000000011, 1 x 8710000000028\): SHIPPED, shipment [0-9a-f-]{36}, https:\/\/tracking\.carrier\.example\/dhl\//,
      ),
    ]);
    expect(lines.filter((line) => line.includes('read by the integrator'))).toEqual([
      '  read by the integrator: status RECEIVED, fulfilment PARTIALLY_SHIPPED, 1 shipment(s)',
      '  read by the integrator: status SHIPPED, fulfilment SHIPPED, 2 shipment(s)',
    ]);
    // The stock arithmetic of the two parcels at the warehouse: onHand and allocated each lower by what shipped.
    const levels = lines.filter((line) => line.startsWith('  8710000000011 onHand')).map((line) => line.split(';')[0].trim());
    expect(levels.slice(1, 4)).toEqual(
      [
        'onHand 40, allocated 4, pending 3, sellable 33',
        'onHand 39, allocated 3, pending 3, sellable 33',
        'onHand 38, allocated 2, pending 3, sellable 33',
      ].map((l) => `8710000000011 ${l}`),
    );

    // Every event verified by the receiver, each parcel's with its tracking link.
    const verified = lines.find((line) => line.startsWith(`webhooks verified for ${orderReference}:`));
    expect(verified?.split(': ')[1].split(', ').sort()).toEqual(
      [
        'sales_order.created',
        'sales_order.delivered',
        'sales_order.shipment_created',
        'sales_order.shipment_created',
        'sales_order.shipment_updated',
        'sales_order.shipment_updated',
        'sales_order.shipped',
      ].sort(),
    );
    const tracked = lines.filter((line) => line.startsWith(`  receiver: order ${orderReference}: parcel`));
    expect(tracked).toHaveLength(4);
    for (const line of tracked) expect(line).toMatch(/track it at https:\/\/tracking\.carrier\.example\/(postnord|dhl)\/\?id=\d+\)$/);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^  receiver: order ${orderReference}: DELIVERED, parcel .* DELIVERED .*; parcel .* DELIVERED `)),
    );

    // The order as stored: both shipments delivered, the order delivered.
    const shipments = await gateway.database.db.query<{ status: string }>(
      'SELECT s.status FROM shipments s JOIN fulfilment_orders f ON f.id = s.fulfilment_order_id WHERE f.sales_order_id = $1 ORDER BY s.position',
      [salesOrderId],
    );
    expect(shipments.rows).toEqual([{ status: 'DELIVERED' }, { status: 'DELIVERED' }]);

    // The return: announced and arrived move no stock; processing puts one of the two units back on the shelf.
    const returnAt = lines.findIndex((line) =>
      /^return rma-\d+ \([0-9a-f-]{36}\) of walkthrough-\d+: AWAITING_ARRIVAL at wh-ams-1, 2 x 8710000000011$/.test(line),
    );
    expect(returnAt).toBeGreaterThan(0);
    const afterStep = (prefix: string) => lines[lines.findIndex((line, i) => i >= returnAt && line.startsWith(prefix)) + 1];
    expect(lines[returnAt + 1]).toBe('  8710000000011 onHand 38, allocated 2, pending 3, sellable 33');
    expect(afterStep('MARK_RETURN_ARRIVED')).toBe('  8710000000011 onHand 38, allocated 2, pending 3, sellable 33');
    expect(lines).toContainEqual(expect.stringMatching(/^PROCESS_RETURN [0-9a-f-]{36}: COMPLETED, 2 received, 1 restocked, 1 disposed of$/));
    expect(afterStep('PROCESS_RETURN')).toBe('  8710000000011 onHand 39, allocated 2, pending 3, sellable 34');
    expect(lines).toContainEqual(expect.stringMatching(/^webhooks verified for rma-\d+: return\.created, return\.arrived, return\.completed$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}receiver: return rma-\d+ of order [0-9a-f-]{36}: COMPLETED \(DAMAGED\) at wh-ams-1: .*2 of 2 arrived, 1 restocked, 1 not$/),
    );

    // The cancelled order: its three units sellable again (one more than before the return).
    const held = /sellable (\d+) before it, (\d+) with it$/.exec(lines.find((line) => line.startsWith('order walkthrough-cancel-')) ?? '');
    expect(held?.slice(1).map(Number)).toEqual([34, 31]);
    expect(lines).toContain('cancelled by the integrator: CANCELLED (ordered by mistake), fulfilment CANCELLED; sellable 34 again');
    expect(lines).toContainEqual(expect.stringMatching(/^webhooks verified for walkthrough-cancel-\d+: sales_order\.created, sales_order\.cancelled$/));

    // The endpoint is deleted, and nothing secret was printed.
    const endpoints = await gateway.database.db.query('SELECT 1 FROM webhook_endpoints');
    expect(endpoints.rowCount).toBe(0);
    expect(example.output()).not.toContain(client.clientSecret);
    expect(example.output()).not.toContain(staff.clientSecret);
    expect(lines.at(-1)).toBe('done');
  }, 120_000);
});
