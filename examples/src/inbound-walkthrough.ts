// Stock announced, received and sellable, as a merchant's system and the warehouse's staff tools see it: the
// merchant registers a webhook endpoint served by the example receiver and announces an inbound shipment with
// the SDK; the warehouse (the internal gateway's RECEIVE_INBOUND_SHIPMENT) receives it in two parts, the second
// with one unit more than announced, and the shipment completes by itself. The receiver verifies and prints
// each event; the inventory read shows the stock after each step.
import { once } from 'node:events';
import { InboundShipment, PublicClient, inboundShipments, unwrap } from '@gateway/sdk';
import type { InternalClient } from '@gateway/sdk/internal';
import { dispatch, freePort } from './fulfilment-walkthrough';
import { createWebhookReceiver } from './webhook-receiver';

export interface InboundWalkthroughOptions {
  /** The organization and warehouse: by default the demo data's (fixtures/demo.json). */
  organizationId?: string;
  warehouseId?: string;
  /** Two live units of the organization. */
  barcodes?: [string, string];
  receiverHost?: string;
  webhookTimeoutMs?: number;
}

const EVENT_TYPES = [
  'inbound_shipment.created',
  'inbound_shipment.received',
  'inbound_shipment.completed',
  'inbound_shipment.cancelled',
  'inbound_shipment.updated',
] as const;

export async function inboundWalkthrough(
  api: PublicClient,
  staff: InternalClient,
  say: (line: string) => void,
  options: InboundWalkthroughOptions = {},
): Promise<{ shipment: InboundShipment; received: string[] }> {
  const organizationId = options.organizationId ?? '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
  const warehouseId = options.warehouseId ?? 'wh-ams-1';
  const [first, second] = options.barcodes ?? ['8710000000011', '8710000000028'];
  const run = Date.now();
  const inbound = inboundShipments(api, organizationId);

  /** What the integrator's inventory read shows of the two barcodes at the warehouse. */
  const stock = async () => {
    const inventory = await unwrap(api.GET('/v0/organizations/{organizationId}/inventory', { params: { path: { organizationId } } }));
    const items = inventory.items.find((g) => g.warehouseId === warehouseId)?.items ?? [];
    return [first, second].map((barcode) => {
      const item = items.find((i) => i.barcode === barcode);
      return `${barcode} onHand ${item?.onHand ?? 0}, sellable ${item?.sellable ?? 0}`;
    });
  };

  const host = options.receiverHost ?? '127.0.0.1';
  const port = await freePort(host);
  const url = `http://${host}:${port}/webhooks`;
  const endpoint = await unwrap(
    api.POST('/v0/organizations/{organizationId}/webhook-endpoints', {
      params: { path: { organizationId } },
      body: { url, eventTypes: [...EVENT_TYPES], description: `inbound walkthrough ${run}` },
    }),
  );
  const received: string[] = [];
  const receiver = createWebhookReceiver(
    endpoint.secret,
    (event) => received.push(event.type),
    (line) => say(`  receiver: ${line}`),
  );
  receiver.listen(port, host);
  await once(receiver, 'listening');
  say(`webhook endpoint ${endpoint.id} -> ${url} (${EVENT_TYPES.join(', ')})`);
  const timeoutMs = options.webhookTimeoutMs ?? 30_000;
  const arrived = async (count: number) => {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (received.length < count) throw new Error(`${received.length} of ${count} webhooks within ${timeoutMs} ms (${received.join(', ')})`);
  };

  try {
    say(`stock before: ${(await stock()).join('; ')}`);
    // 1. The merchant announces 5 of the first unit and 3 of the second, arriving in a week.
    const expectedArrivalDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const reference = `PO-walkthrough-${run}`;
    const announced = await inbound.create(
      {
        reference,
        warehouseId,
        expectedArrivalDate,
        carrier: 'DB Schenker',
        trackingNumber: `SCH-${run}`,
        lines: [
          { barcode: first, quantity: 5 },
          { barcode: second, quantity: 3 },
        ],
      },
      { idempotencyKey: `inbound-${reference}` },
    );
    say(`announced ${reference} (${announced.id}): ${announced.status}, expected ${announced.expectedArrivalDate} at ${announced.warehouseId}`);
    await arrived(1);

    // 2. The warehouse receives part of it: 3 of the first unit.
    const part = await dispatch<InboundShipment>(staff, {
      commandName: 'RECEIVE_INBOUND_SHIPMENT',
      organizationId,
      commandBody: { inboundShipmentId: announced.id, lines: [{ barcode: first, quantity: 3 }] },
    });
    say(`RECEIVE_INBOUND_SHIPMENT 3 x ${first}: ${part.status}`);
    await arrived(2);
    say(`  stock: ${(await stock()).join('; ')}`);

    // 3. The rest, with one unit of the second more than announced: everything arrived, so it completes.
    const rest = await dispatch<InboundShipment>(staff, {
      commandName: 'RECEIVE_INBOUND_SHIPMENT',
      organizationId,
      commandBody: {
        inboundShipmentId: announced.id,
        lines: [
          { barcode: first, quantity: 2 },
          { barcode: second, quantity: 4 },
        ],
      },
    });
    say(`RECEIVE_INBOUND_SHIPMENT 2 x ${first}, 4 x ${second}: ${rest.status}`);
    await arrived(4);
    say(`  stock: ${(await stock()).join('; ')}`);
    const read = await inbound.get(announced.id);
    say(`read by the merchant: ${read.status}, ${read.lines.map((l) => `${l.sku} ${l.receivedQuantity}/${l.expectedQuantity}`).join(', ')}`);
    say(`webhooks verified: ${received.join(', ')}`);
    return { shipment: read, received };
  } finally {
    await unwrap(
      api.DELETE('/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}', {
        params: { path: { organizationId, webhookEndpointId: endpoint.id } },
      }),
    );
    receiver.closeAllConnections();
    receiver.close();
  }
}
