// An order's whole fulfilment loop, as a shop's connector sees it and as staff tools drive it: the connector
// registers a webhook endpoint served by the example receiver, places an order with a shipping address,
// and the warehouse (the internal gateway's dispatch-command) allocates it, ships it in two parcels with
// their tracking, and marks both delivered; the receiver verifies and prints each event with its tracking
// link. The customer sends part of it back: the connector announces the return, the warehouse marks it arrived
// and processes it, restocking one unit and disposing of the other. A second order is allocated and then
// cancelled by the connector, and its stock is back.
import { once } from 'node:events';
import { AddressInfo, createServer } from 'node:net';
import { PublicClient, Return, ShippingAddress, returns, salesOrders, unwrap } from '@gateway/sdk';
import type { FulfilmentOrderStatus, InternalClient, InternalPaths, InternalShipment, ShipmentUpdateResult } from '@gateway/sdk/internal';
import { createWebhookReceiver } from './webhook-receiver';

export interface FulfilmentWalkthroughOptions {
  /** The organization, store and warehouse of the orders: by default the demo data's (fixtures/demo.json). */
  organizationId?: string;
  storeId?: string;
  warehouseId?: string;
  /** Two barcodes with stock at that warehouse: the first is ordered twice and ships in both parcels. */
  barcodes?: [string, string];
  /** Where the gateway reaches the receiver: a loopback address the gateway's WEBHOOK_ALLOWED_HOSTS names. */
  receiverHost?: string;
  /** How long to wait for each step's webhooks. */
  webhookTimeoutMs?: number;
}

export interface FulfilmentWalkthroughResult {
  shipped: { salesOrderId: string; status: string; deliveredAt?: string; shipments: { id: string; status: string; trackingUrl?: string }[] };
  returned: { returnId: string; status: string; lines: { barcode: string; receivedQuantity?: number; restockedQuantity?: number }[] };
  cancelled: { salesOrderId: string; status: string; sellable: { before: number; ordered: number; after: number } };
  /** The event types the receiver verified, per order reference. */
  received: Record<string, string[]>;
}

const EVENT_TYPES = [
  'sales_order.created',
  'sales_order.cancelled',
  'sales_order.shipment_created',
  'sales_order.shipment_updated',
  'sales_order.shipped',
  'sales_order.delivered',
  'return.created',
  'return.arrived',
  'return.completed',
] as const;

export type Command = InternalPaths['/internal-tools/dispatch-command']['post']['requestBody']['content']['application/json'];

/** A dispatch-command on the internal gateway: its result, or an Error when the domain refused it (FAILED). */
export async function dispatch<T>(staff: InternalClient, command: Command): Promise<T> {
  const answer = await unwrap(staff.POST('/internal-tools/dispatch-command', { body: command }));
  if (answer.outcome !== 'SUCCESS') throw new Error(`${command.commandName}: ${answer.outcome} (${answer.reason})`);
  return answer.result as T;
}

/** A port free on `host` now (the endpoint's URL names it before the receiver, which needs the endpoint's secret, listens). */
export async function freePort(host: string): Promise<number> {
  const probe = createServer().listen(0, host);
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

export async function fulfilmentWalkthrough(
  api: PublicClient,
  staff: InternalClient,
  say: (line: string) => void,
  options: FulfilmentWalkthroughOptions = {},
): Promise<FulfilmentWalkthroughResult> {
  const organizationId = options.organizationId ?? '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
  const storeId = options.storeId ?? 'store-nordic-web';
  const warehouseId = options.warehouseId ?? 'wh-ams-1';
  const [first, second] = options.barcodes ?? ['8710000000011', '8710000000028'];
  const run = Date.now();
  const orders = salesOrders(api, organizationId, storeId);

  /** The warehouse's levels of a barcode, as staff read them. */
  const level = async (barcode: string) => {
    const l = await unwrap(
      staff.GET('/organizations/{organizationId}/warehouses/{warehouseId}/inventory/{barcode}', { params: { path: { organizationId, warehouseId, barcode } } }),
    );
    return `${barcode} onHand ${l.onHand}, allocated ${l.allocated}, pending ${l.pendingAllocation}, sellable ${l.sellable}`;
  };
  /** What the integrator sees as sellable of a barcode at the warehouse. */
  const sellable = async (barcode: string): Promise<number> => {
    const inventory = await unwrap(api.GET('/v0/organizations/{organizationId}/inventory', { params: { path: { organizationId } } }));
    const item = inventory.items.find((g) => g.warehouseId === warehouseId)?.items.find((i) => i.barcode === barcode);
    if (!item) throw new Error(`${barcode} is not in the inventory of ${warehouseId}`);
    return item.sellable;
  };

  // 1. An endpoint for the example receiver. Its secret is answered once, at registration.
  const host = options.receiverHost ?? '127.0.0.1';
  const port = await freePort(host);
  const url = `http://${host}:${port}/webhooks`;
  const endpoint = await unwrap(
    api.POST('/v0/organizations/{organizationId}/webhook-endpoints', {
      params: { path: { organizationId } },
      body: { url, eventTypes: [...EVENT_TYPES], description: `fulfilment walkthrough ${run}` },
    }),
  );
  const received: Record<string, string[]> = {};
  const receiver = createWebhookReceiver(
    endpoint.secret,
    // An order's events by its orderReference, a return's by its own reference.
    (event) => (received[String(event.data.orderReference ?? event.data.reference ?? '')] ??= []).push(event.type),
    (line) => say(`  receiver: ${line}`),
  );
  receiver.listen(port, host);
  await once(receiver, 'listening');
  say(`webhook endpoint ${endpoint.id} -> ${url} (${EVENT_TYPES.join(', ')})`);
  // Each step waits for its webhooks, so that the receiver's lines follow the step that caused them. (Delivery
  // is at least once and in no set order; `data` is the order or shipment as it is when the event is sent.)
  const timeoutMs = options.webhookTimeoutMs ?? 30_000;
  const arrived = async (reference: string, count: number) => {
    const deadline = Date.now() + timeoutMs;
    while ((received[reference]?.length ?? 0) < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if ((received[reference]?.length ?? 0) < count)
      throw new Error(
        `${reference}: ${received[reference]?.length ?? 0} of ${count} webhooks within ${timeoutMs} ms (${(received[reference] ?? []).join(', ')})`,
      );
  };

  try {
    // 2. An order with a shipping address, placed with an Idempotency-Key.
    const shippingAddress: ShippingAddress = { name: 'Quinn Start', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', countryCode: 'NL' };
    const reference = `walkthrough-${run}`;
    const created = await unwrap(
      api.POST('/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', {
        params: { path: { organizationId, storeId }, header: { 'Idempotency-Key': `order-${reference}` } },
        body: {
          orderReference: reference,
          customer: { firstName: 'Quinn', lastName: 'Start' },
          shippingAddress,
          lineItems: [
            { sku: first, barcode: first, quantity: 2 },
            { sku: second, barcode: second, quantity: 1 },
          ],
        },
      }),
    );
    const address = created.shippingAddress;
    say(
      `order ${reference} (${created.id}): ${created.status}, to ${address?.name}, ${address?.line1}, ${address?.postalCode} ${address?.city}, ${address?.countryCode}`,
    );
    say(`  ${await level(first)}; ${await level(second)}`);
    await arrived(reference, 1);

    // 3. The warehouse allocates it, then ships one of the two units of the first line, then the rest.
    const fulfilmentOrderId = created.fulfilmentOrderId;
    const allocated = await dispatch<FulfilmentOrderStatus>(staff, {
      commandName: 'ALLOCATE_FULFILMENT_ORDER',
      organizationId,
      commandBody: { fulfilmentOrderId },
    });
    say(`ALLOCATE_FULFILMENT_ORDER ${fulfilmentOrderId}: ${allocated.status}`);
    say(`  ${await level(first)}; ${await level(second)}`);
    const parcels: InternalShipment[] = [];
    for (const [i, parcel] of [
      { carrier: 'PostNord', service: 'MyPack Home', trackingNumber: `00370712${run}`, lines: [{ barcode: first, quantity: 1 }] },
      { carrier: 'DHL', service: 'Paket', trackingNumber: `00340434${run}` },
    ].entries()) {
      const shipment = { ...parcel, trackingUrl: `https://tracking.carrier.example/${parcel.carrier.toLowerCase()}/?id=${parcel.trackingNumber}` };
      const shipped = await dispatch<FulfilmentOrderStatus>(staff, {
        commandName: 'SHIP_FULFILMENT_ORDER',
        organizationId,
        commandBody: { fulfilmentOrderId, shipment },
      });
      const recorded = shipped.shipment as InternalShipment;
      parcels.push(recorded);
      const contents = recorded.lines.map((l) => `${l.quantity} x ${l.barcode}`).join(', ');
      say(`SHIP_FULFILMENT_ORDER parcel ${i + 1} (${contents}): ${shipped.status}, shipment ${recorded.id}, ${recorded.trackingUrl}`);
      say(`  ${await level(first)}; ${await level(second)}`);
      const read = await orders.get(created.id);
      say(`  read by the integrator: status ${read.status}, fulfilment ${read.fulfilmentStatus}, ${read.shipments.length} shipment(s)`);
      await arrived(reference, i === 0 ? 2 : 4);
    }

    // 4. The carrier reports both parcels delivered.
    for (const [i, parcel] of parcels.entries()) {
      const updated = await dispatch<ShipmentUpdateResult>(staff, {
        commandName: 'UPDATE_SHIPMENT',
        organizationId,
        commandBody: { shipmentId: parcel.id, status: 'DELIVERED' },
      });
      say(`UPDATE_SHIPMENT ${parcel.id} DELIVERED: ${updated.shipment.status} at ${updated.shipment.deliveredAt}`);
      await arrived(reference, i === 0 ? 5 : 7);
    }
    const delivered = await orders.get(created.id);
    say(
      `order ${reference}: ${delivered.status}${delivered.deliveredAt ? ` at ${delivered.deliveredAt}` : ''}, shipments ${delivered.shipments.map((s) => `${s.id} ${s.status}`).join(', ')}`,
    );

    // 5. The customer sends both units of the first line back: the connector announces the return, the warehouse
    // marks it arrived, then processes it: one unit goes back on the shelf, the other (damaged) is disposed of.
    const returnReference = `rma-${run}`;
    const returned = returns(api, organizationId);
    const announced = await returned.create(
      storeId,
      created.id,
      {
        reference: returnReference,
        reason: 'DAMAGED',
        note: 'one tent pole bent',
        lines: [{ barcode: first, quantity: 2 }],
        carrier: 'PostNord',
        trackingNumber: `R${run}`,
      },
      { idempotencyKey: `return-${returnReference}` },
    );
    say(`return ${returnReference} (${announced.id}) of ${reference}: ${announced.status} at ${announced.warehouseId}, 2 x ${first}`);
    say(`  ${await level(first)}`);
    await arrived(returnReference, 1);
    const arrivedReturn = await dispatch<Return>(staff, { commandName: 'MARK_RETURN_ARRIVED', organizationId, commandBody: { returnId: announced.id } });
    say(`MARK_RETURN_ARRIVED ${announced.id}: ${arrivedReturn.status} at ${arrivedReturn.arrivedAt}`);
    say(`  ${await level(first)}`);
    await arrived(returnReference, 2);
    const processed = await dispatch<Return>(staff, {
      commandName: 'PROCESS_RETURN',
      organizationId,
      commandBody: { returnId: announced.id, lines: [{ barcode: first, receivedQuantity: 2, restockQuantity: 1 }] },
    });
    const line = processed.lines[0];
    say(`PROCESS_RETURN ${announced.id}: ${processed.status}, ${line.receivedQuantity} received, ${line.restockedQuantity} restocked, 1 disposed of`);
    say(`  ${await level(first)}`);
    await arrived(returnReference, 3);

    // 6. Another order, allocated, then cancelled by the integrator: what it held is sellable again.
    const before = await sellable(first);
    const cancelReference = `walkthrough-cancel-${run}`;
    const mistaken = await unwrap(
      api.POST('/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', {
        params: { path: { organizationId, storeId }, header: { 'Idempotency-Key': `order-${cancelReference}` } },
        body: {
          orderReference: cancelReference,
          customer: { firstName: 'Quinn', lastName: 'Start' },
          shippingAddress,
          lineItems: [{ sku: first, barcode: first, quantity: 3 }],
        },
      }),
    );
    await dispatch<FulfilmentOrderStatus>(staff, {
      commandName: 'ALLOCATE_FULFILMENT_ORDER',
      organizationId,
      commandBody: { fulfilmentOrderId: mistaken.fulfilmentOrderId },
    });
    const ordered = await sellable(first);
    say(`order ${cancelReference} (${mistaken.id}): 3 x ${first}, allocated; sellable ${before} before it, ${ordered} with it`);
    say(`  ${await level(first)}`);
    await arrived(cancelReference, 1);
    const cancelled = await orders.cancel(mistaken.id, { reason: 'ordered by mistake', idempotencyKey: `cancel-${cancelReference}` });
    const after = await sellable(first);
    say(
      `cancelled by the integrator: ${cancelled.status} (${cancelled.cancellationReason}), fulfilment ${cancelled.fulfilmentStatus}; sellable ${after} again`,
    );
    say(`  ${await level(first)}`);

    await arrived(cancelReference, 2);

    // 7. What the receiver verified, per order and return.
    for (const r of [reference, returnReference, cancelReference]) say(`webhooks verified for ${r}: ${received[r].join(', ')}`);

    return {
      shipped: {
        salesOrderId: created.id,
        status: delivered.status,
        deliveredAt: delivered.deliveredAt,
        shipments: delivered.shipments.map((s) => ({ id: s.id, status: s.status, trackingUrl: s.trackingUrl })),
      },
      returned: {
        returnId: processed.id,
        status: processed.status,
        lines: processed.lines.map((l) => ({ barcode: l.barcode, receivedQuantity: l.receivedQuantity, restockedQuantity: l.restockedQuantity })),
      },
      cancelled: { salesOrderId: mistaken.id, status: cancelled.status, sellable: { before, ordered, after } },
      received,
    };
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
