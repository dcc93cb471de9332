// A sandbox organization (contract 6.10) tested from outside, with its own client only: the connector registers
// a webhook endpoint served by the example receiver, places an order of two units with the SDK, and moves it on
// with simulations as the warehouse would: allocated, one unit shipped in a parcel it names, the other in a
// SANDBOX parcel with a made-up tracking number, both delivered. The receiver verifies and prints every event
// with its environment and, for parcels, the tracking link. With auto-advance on, a second order reaches
// DELIVERED with nothing called: the receiver prints its events as they arrive. (Run it with auto-advance off:
// the example prints the command that turns it on, then waits for the second order.)
import { once } from 'node:events';
import { PublicClient, sandbox, salesOrders, unwrap } from '@gateway/sdk';
import { freePort } from './fulfilment-walkthrough';
import { WebhookEvent, createWebhookReceiver } from './webhook-receiver';

export interface SandboxWalkthroughOptions {
  organizationId: string;
  storeId: string;
  /** Where the gateway reaches the receiver: a loopback address the gateway's WEBHOOK_ALLOWED_HOSTS names. */
  receiverHost?: string;
  /** How long to wait for each step's webhooks. */
  webhookTimeoutMs?: number;
  /** How long to wait for auto-advance to deliver a second order (0: place none). Run the steps with it off. */
  autoAdvanceWaitMs?: number;
}

const EVENT_TYPES = [
  'sales_order.created',
  'sales_order.shipment_created',
  'sales_order.shipment_updated',
  'sales_order.shipped',
  'sales_order.delivered',
] as const;

/** One short line per event: its type and environment, and for a parcel its tracking number and link. */
function describe(event: WebhookEvent & { environment?: string }): string {
  const data = event.data;
  const head = `${String(data.orderReference)} ${event.type} (${event.environment})`;
  if (event.type === 'sales_order.shipment_created' || event.type === 'sales_order.shipment_updated')
    return `${head}: ${String(data.status)}, ${String(data.carrier)} ${String(data.trackingNumber)}, ${String(data.trackingUrl)}`;
  return `${head}: ${String(data.status)}`;
}

export async function sandboxWalkthrough(
  api: PublicClient,
  say: (line: string) => void,
  options: SandboxWalkthroughOptions,
): Promise<{ received: Record<string, string[]>; statuses: Record<string, string> }> {
  const { organizationId, storeId } = options;
  const run = Date.now();
  const orders = salesOrders(api, organizationId, storeId);
  const simulations = sandbox(api, organizationId);

  // A unit the sandbox has two of to sell (the sandbox's stock is made with it).
  const inventory = await unwrap(api.GET('/v0/organizations/{organizationId}/inventory', { params: { path: { organizationId } } }));
  const unit = inventory.items.flatMap((g) => g.items).find((i) => i.sellable >= 2);
  if (!unit) throw new Error(`no unit of ${organizationId} has 2 sellable: ADJUST_STOCK adds stock to a sandbox`);
  const barcode = unit.barcode;

  // 1. An endpoint for the example receiver; its secret is answered once, at registration.
  const host = options.receiverHost ?? '127.0.0.1';
  const port = await freePort(host);
  const url = `http://${host}:${port}/webhooks`;
  const endpoint = await unwrap(
    api.POST('/v0/organizations/{organizationId}/webhook-endpoints', {
      params: { path: { organizationId } },
      body: { url, eventTypes: [...EVENT_TYPES], description: `sandbox walkthrough ${run}` },
    }),
  );
  const received: Record<string, string[]> = {};
  const receiver = createWebhookReceiver(endpoint.secret, (event) => {
    (received[String(event.data.orderReference)] ??= []).push(event.type);
    say(`  webhook ${describe(event)}`);
  });
  receiver.listen(port, host);
  await once(receiver, 'listening');
  say(`webhook endpoint ${endpoint.id} -> ${url}`);
  const timeoutMs = options.webhookTimeoutMs ?? 30_000;
  /** Waits until `reference` has `count` events, so that the receiver's lines follow the step that caused them. */
  const arrived = async (reference: string, count: number, within = timeoutMs) => {
    const deadline = Date.now() + within;
    while ((received[reference]?.length ?? 0) < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if ((received[reference]?.length ?? 0) < count)
      throw new Error(`${reference}: ${received[reference]?.length ?? 0} of ${count} webhooks within ${within} ms`);
  };
  const place = async (reference: string) => {
    const order = await unwrap(
      api.POST('/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', {
        params: { path: { organizationId, storeId }, header: { 'Idempotency-Key': `order-${reference}` } },
        body: {
          orderReference: reference,
          customer: { firstName: 'Sam', lastName: 'Box' },
          shippingAddress: { name: 'Sam Box', line1: 'Teststraat 1', postalCode: '1011 AA', city: 'Amsterdam', countryCode: 'NL' },
          lineItems: [{ sku: barcode, barcode, quantity: 2 }],
        },
      }),
    );
    say(`order ${reference}: ${order.status} (${order.environment}), 2 x ${barcode}`);
    return order;
  };
  const statuses: Record<string, string> = {};

  try {
    // 2. An order of two units, moved on step by step.
    const reference = `sandbox-${run}`;
    const order = await place(reference);
    await arrived(reference, 1);
    const steps = [
      { action: 'ALLOCATE' as const, salesOrderId: order.id },
      {
        action: 'SHIP' as const,
        salesOrderId: order.id,
        shipment: {
          carrier: 'PostNord',
          trackingNumber: `00370712${run}`,
          trackingUrl: `https://tracking.carrier.example/postnord/?id=00370712${run}`,
          lines: [{ barcode, quantity: 1 }],
        },
      },
      { action: 'SHIP' as const, salesOrderId: order.id },
      { action: 'DELIVER' as const, salesOrderId: order.id },
    ];
    // The order's events after each step: none for the allocation, a parcel, a parcel and the order shipped,
    // each parcel and the order delivered.
    const events = [1, 2, 4, 7];
    for (const [i, step] of steps.entries()) {
      const outcome = await simulations.simulate(step);
      if (outcome.outcome !== 'SUCCESS') throw new Error(`${step.action}: ${outcome.outcome} (${outcome.reason})`);
      const shipment = outcome.result?.shipment;
      const moved = outcome.result?.salesOrder;
      say(
        `${step.action}${shipment ? ` (${shipment.carrier} ${shipment.trackingNumber})` : ''}: order ${moved?.status}, fulfilment ${moved?.fulfilmentStatus}`,
      );
      await arrived(reference, events[i]);
    }
    const delivered = await orders.get(order.id);
    statuses[reference] = delivered.status;
    say(`order ${reference}: ${delivered.status}, ${delivered.shipments.length} parcels`);

    // 3. Auto-advance: a second order, and nothing called while it is delivered (turned on meanwhile if it is not).
    const waitMs = options.autoAdvanceWaitMs ?? 300_000;
    if (waitMs > 0) {
      const second = `sandbox-auto-${run}`;
      const placed = await place(second);
      say(`waiting up to ${waitMs / 1000} s for auto-advance to deliver it; if it is off, turn it on:`);
      say(`  npm run -s admin -- organizations:update ${organizationId} --auto-advance`);
      await arrived(second, 5, waitMs);
      const read = await orders.get(placed.id);
      statuses[second] = read.status;
      say(`order ${second}: ${read.status} with nothing called`);
    }
    for (const [r, types] of Object.entries(received)) say(`webhooks verified for ${r}: ${types.join(', ')}`);
    return { received, statuses };
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
