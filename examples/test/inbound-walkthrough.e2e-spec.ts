// The inbound walkthrough (`npm run example -- inbound`, its production bundle) against both gateways as real
// processes on a database holding the demo data: stock announced with the SDK, received in two parts with one
// unit more than announced, the shipment completing by itself; the receiver verifies and prints every event,
// and the inventory read shows the stock after each step.
import { join } from 'node:path';
import { createTestClient } from '@gateway/testing';
import { DemoGateway, root, run, startDemoGateway } from './support/public-gateway-process';

describe('the inbound walkthrough', () => {
  let gateway: DemoGateway;

  beforeAll(async () => {
    gateway = await startDemoGateway({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' }, { internal: true });
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  it('announces, receives in two parts with an overage, completes, and the stock rises by what was counted', async () => {
    const client = await createTestClient(gateway.database.url, { type: 'SERVICE' });
    const staff = await createTestClient(gateway.database.url, { type: 'SERVICE', audience: 'internal' });
    const example = run(join(root, 'dist/examples/main.js'), ['inbound'], {
      GATEWAY_URL: gateway.url,
      INTERNAL_GATEWAY_URL: gateway.internalUrl,
      CLIENT_ID: client.clientId,
      CLIENT_SECRET: client.clientSecret,
      INTERNAL_CLIENT_ID: staff.clientId,
      INTERNAL_CLIENT_SECRET: staff.clientSecret,
    });
    expect([await example.exit, example.output()]).toEqual([0, expect.any(String)]);
    const lines = example.output().trimEnd().split('\n');
    const stock = lines.filter((line) => line.includes('8710000000011 onHand')).map((line) => line.replace(/^.*?: /, ''));
    expect(stock).toEqual([
      '8710000000011 onHand 40, sellable 35; 8710000000028 onHand 25, sellable 24',
      '8710000000011 onHand 43, sellable 38; 8710000000028 onHand 25, sellable 24',
      '8710000000011 onHand 45, sellable 40; 8710000000028 onHand 29, sellable 28',
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^announced PO-walkthrough-\d+ \([0-9a-f-]{36}\): AWAITING, expected \d{4}-\d\d-\d\d at wh-ams-1$/));
    expect(lines).toContain('RECEIVE_INBOUND_SHIPMENT 3 x 8710000000011: RECEIVING');
    expect(lines).toContain('RECEIVE_INBOUND_SHIPMENT 2 x 8710000000011, 4 x 8710000000028: COMPLETED');
    expect(lines).toContain('read by the merchant: COMPLETED, NOS-TENT-2P 5/5, NOS-BAG-0C 4/3');
    const verified = lines.find((line) => line.startsWith('webhooks verified: '));
    expect(verified?.split(': ')[1].split(', ').sort()).toEqual(
      ['inbound_shipment.completed', 'inbound_shipment.created', 'inbound_shipment.received', 'inbound_shipment.received'].sort(),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}receiver: inbound PO-walkthrough-\d+: received 2 x 8710000000011, 4 x 8710000000028; now COMPLETED/),
    );
    expect(example.output()).not.toContain(client.clientSecret);
    expect(lines.at(-1)).toBe('done');
  }, 120_000);
});
