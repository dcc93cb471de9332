// Every operation of both gateways, each with a request that is valid in the suite's world: the fuzzer
// mutates it, the authorization area replays it with the wrong caller.
import { randomUUID } from 'node:crypto';
import { RawRequest } from './http';
import { World } from './world';

export interface ValidRequest {
  path: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body; a form body for the token endpoint. */
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Operation {
  gateway: 'public' | 'internal';
  method: 'GET' | 'POST' | 'PATCH';
  template: string;
  /** Whether the operation takes an organization (for object-level access). */
  organizationScoped: boolean;
  /** No bearer token needed. */
  open?: boolean;
  /** What tells apart operations of one template (the commands of dispatch-command). */
  variant?: string;
  valid(world: World): ValidRequest;
}

export function operationId(op: Operation): string {
  return `${op.gateway} ${op.method} ${op.template}${op.variant ? ` ${op.variant}` : ''}`;
}

export function salesOrderBody(world: World, reference = `R-${randomUUID()}`): Record<string, unknown> {
  return {
    orderReference: reference,
    placedAt: '2026-11-20T10:00:00Z',
    note: 'leave at the door',
    customer: { firstName: 'Ada', lastName: 'Lovelace', contactNumber: '+44 20 7946 0000', email: 'ada@example.com' },
    shippingAddress: {
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      line1: '12 St James Sq',
      line2: 'Flat 1',
      postalCode: 'SW1Y 4JH',
      city: 'London',
      region: 'Greater London',
      countryCode: 'GB',
    },
    lineItems: [
      {
        name: 'First',
        sku: 'S-1',
        barcode: world.org.barcodes[0],
        quantity: 1,
        price: { currency: 'EUR', amountInMinorUnit: 1250 },
        weightGram: 300,
        minShelfLifeDays: 0,
        harmonizedCode: '6109.10',
        countryCodeOfOrigin: 'PT',
      },
    ],
  };
}

const org = (w: World) => w.org.organizationId;

export const OPERATIONS: Operation[] = [
  // Public gateway (spec 4.1)
  { gateway: 'public', method: 'GET', template: '/v0/organizations', organizationScoped: false, valid: () => ({ path: {} }) },
  { gateway: 'public', method: 'GET', template: '/v0/whoami', organizationScoped: false, valid: () => ({ path: {} }) },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/invoices',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) } }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/invoices/{invoiceId}',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), invoiceId: w.invoiceId } }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/inventory',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) } }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), storeId: w.org.storeId }, body: salesOrderBody(w), headers: { 'idempotency-key': `k-${randomUUID()}` } }),
  },
  // Public gateway: the integrator's changes to an order and the catalogue (contract 6.7).
  {
    gateway: 'public',
    method: 'PATCH',
    template: '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}',
    organizationScoped: true,
    valid: (w) => ({
      path: { organizationId: org(w), storeId: w.org.storeId, salesOrderId: w.salesOrders.patched },
      body: { shippingAddress: { name: 'Ada Lovelace', line1: 'Storgatan 12', postalCode: '111 51', city: 'Stockholm', countryCode: 'SE' } },
    }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/cancel',
    organizationScoped: true,
    valid: (w) => ({
      path: { organizationId: org(w), storeId: w.org.storeId, salesOrderId: w.salesOrders.cancelled },
      body: { reason: 'sent by mistake' },
      headers: { 'idempotency-key': `k-${randomUUID()}` },
    }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/retail-units',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) }, query: { limit: '2', includeArchived: 'true' } }),
  },
  // Public gateway: returns (contract 6.8). One unit at a time of an order that shipped more than the suite returns.
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/returns',
    organizationScoped: true,
    valid: (w) => ({
      path: { organizationId: org(w), storeId: w.org.storeId, salesOrderId: w.returns.salesOrderId },
      body: {
        reference: 'RMA-1',
        reason: 'DAMAGED',
        note: 'box crushed',
        lines: [{ barcode: w.org.barcodes[1], quantity: 1, action: 'RESTOCK' }],
        carrier: 'PostNord',
        trackingNumber: '00370712345678909999',
        trackingUrl: 'https://tracking.carrier.example/?id=00370712345678909999',
      },
      headers: { 'idempotency-key': `k-${randomUUID()}` },
    }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/returns',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), storeId: w.org.storeId, salesOrderId: w.returns.salesOrderId } }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/returns',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) }, query: { limit: '2', status: 'AWAITING_ARRIVAL', updatedSince: '2026-01-01T00:00:00Z' } }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/returns/{returnId}',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), returnId: w.returns.processed } }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/returns/{returnId}/cancel',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), returnId: w.returns.cancelled } }),
  },
  // Public gateway: operating webhook endpoints (contract 6.5). The PATCH and the secret rolls go to one endpoint, the
  // test events and recovers to another, so that no fuzzed PATCH disables the endpoint those need enabled.
  {
    gateway: 'public',
    method: 'PATCH',
    template: '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}',
    organizationScoped: true,
    valid: (w) => ({
      path: { organizationId: org(w), webhookEndpointId: w.webhookEndpoints.managed },
      body: { description: 'resilience suite', eventTypes: ['sales_order.created'] },
    }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/rotate-secret',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), webhookEndpointId: w.webhookEndpoints.managed }, body: { overlapSeconds: 60 } }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/test',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), webhookEndpointId: w.webhookEndpoints.operated } }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/recover',
    organizationScoped: true,
    // A second back: the world's events are older, so a recover resends nothing (its endpoint resolves nowhere anyway).
    valid: (w) => ({
      path: { organizationId: org(w), webhookEndpointId: w.webhookEndpoints.operated },
      body: { since: new Date(Date.now() - 1000).toISOString() },
    }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/events',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) }, query: { types: 'sales_order.created,inventory_level.changed', limit: '5' } }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/oauth2/token',
    organizationScoped: false,
    open: true,
    valid: (w) => ({ path: {}, form: { grant_type: 'client_credentials', client_id: w.client.clientId, client_secret: w.client.clientSecret } }),
  },
  // Internal gateway (spec 4.3)
  {
    gateway: 'internal',
    method: 'GET',
    template: '/organizations/{organizationId}/warehouses/{warehouseId}/inventory/{barcode}',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), warehouseId: w.org.warehouseId, barcode: w.org.barcodes[0] } }),
  },
  {
    gateway: 'internal',
    method: 'GET',
    template: '/organizations/{organizationId}/inventory',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) } }),
  },
  {
    gateway: 'internal',
    method: 'GET',
    template: '/organizations/{organizationId}/warehouses/{warehouseId}/inventory',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), warehouseId: w.org.warehouseId } }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/organizations/{organizationId}/retail-units/{barcode}/archive',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), barcode: w.org.barcodes[2] } }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/organizations/{organizationId}/release-channel',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) }, body: { releaseChannel: 'BETA' } }),
  },
  {
    gateway: 'internal',
    method: 'GET',
    template: '/organizations/{organizationId}',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) } }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/organizations/{organizationId}/barcode-inventory-sync-overrides',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) }, body: { barcodes: [w.org.barcodes[0]], dryRun: true } }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/organizations/{organizationId}/default-inventory-sync',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) } }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/clarify-inventory-levels',
    organizationScoped: true,
    valid: (w) => ({ path: {}, body: { organizationId: org(w), initiator: 'resilience-suite', barcodes: [w.org.barcodes[0]] } }),
  },
  {
    gateway: 'internal',
    method: 'GET',
    template: '/internal-tools/events/by-barcode',
    organizationScoped: true,
    valid: (w) => ({ path: {}, query: { organizationId: org(w), barcode: w.org.barcodes[0], limit: '5' } }),
  },
  { gateway: 'internal', method: 'GET', template: '/internal-tools/release-channel-features', organizationScoped: false, valid: () => ({ path: {} }) },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/dispatch-command',
    variant: 'RECEIVE_STOCK',
    organizationScoped: true,
    valid: (w) => ({
      path: {},
      body: { commandName: 'RECEIVE_STOCK', organizationId: org(w), commandBody: { warehouseId: w.org.warehouseId, barcode: w.org.barcodes[0], quantity: 1 } },
    }),
  },
  // A parcel of one unit, again and again, out of an order that holds more than the suite ships.
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/dispatch-command',
    variant: 'SHIP_FULFILMENT_ORDER',
    organizationScoped: true,
    valid: (w) => ({
      path: {},
      body: {
        commandName: 'SHIP_FULFILMENT_ORDER',
        organizationId: org(w),
        commandBody: {
          fulfilmentOrderId: w.shippableOrderId,
          shipment: {
            carrier: 'DHL',
            service: 'Paket',
            trackingNumber: '00340434161094015904',
            trackingUrl: 'https://tracking.carrier.example/?id=00340434161094015904',
            lines: [{ barcode: w.org.barcodes[0], quantity: 1 }],
          },
        },
      },
    }),
  },
  // A return's steps (contract 6.8): the first request marks it arrived, or processes it; later ones are FAILED, still a 200.
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/dispatch-command',
    variant: 'MARK_RETURN_ARRIVED',
    organizationScoped: true,
    valid: (w) => ({ path: {}, body: { commandName: 'MARK_RETURN_ARRIVED', organizationId: org(w), commandBody: { returnId: w.returns.processed } } }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/dispatch-command',
    variant: 'PROCESS_RETURN',
    organizationScoped: true,
    valid: (w) => ({
      path: {},
      body: {
        commandName: 'PROCESS_RETURN',
        organizationId: org(w),
        commandBody: { returnId: w.returns.processed, lines: [{ barcode: w.org.barcodes[1], receivedQuantity: 1, restockQuantity: 1 }] },
      },
    }),
  },
  // A shipment's progress (contract 6.7): IN_TRANSIT again and again, with a tracking correction, until a fuzzed
  // request makes it final (then FAILED, still a 200).
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/dispatch-command',
    variant: 'UPDATE_SHIPMENT',
    organizationScoped: true,
    valid: (w) => ({
      path: {},
      body: {
        commandName: 'UPDATE_SHIPMENT',
        organizationId: org(w),
        commandBody: {
          shipmentId: w.shipmentId,
          status: 'IN_TRANSIT',
          trackingNumber: '00340434161094015903',
          trackingUrl: 'https://tracking.carrier.example/?id=00340434161094015903',
          // After the shipping and not ahead of the clock, as UPDATE_SHIPMENT wants it.
          occurredAt: new Date().toISOString(),
        },
      },
    }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/organizations/{organizationId}/fulfilment-orders/{fulfilmentOrderId}/cancel',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), fulfilmentOrderId: w.fulfilmentOrderIds[0] } }),
  },
  {
    gateway: 'internal',
    method: 'POST',
    template: '/organizations/{organizationId}/fulfilment-orders/{fulfilmentOrderId}/withdraw',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), fulfilmentOrderId: w.fulfilmentOrderIds[1] } }),
  },
  {
    gateway: 'internal',
    method: 'GET',
    template: '/fulfilment-orders/{fulfilmentOrderId}/back-order',
    organizationScoped: false,
    valid: (w) => ({ path: { fulfilmentOrderId: w.fulfilmentOrderIds[2] } }),
  },
  // The sandbox (contract 6.10): simulations on the world's sandbox organization, each valid every time: a stock
  // adjustment, and a parcel with every string of a shipment (its order ships once; FAILED, a 200 too, after).
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/sandbox/simulations',
    organizationScoped: true,
    variant: 'ADJUST_STOCK',
    valid: (w) => ({ path: { organizationId: w.sandbox.organizationId }, body: { action: 'ADJUST_STOCK', barcode: w.sandbox.barcodes[0], quantity: 1 } }),
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/sandbox/simulations',
    organizationScoped: true,
    variant: 'SHIP',
    valid: (w) => ({
      path: { organizationId: w.sandbox.organizationId },
      body: {
        action: 'SHIP',
        salesOrderId: w.sandboxOrderId,
        shipment: { carrier: 'DHL', service: 'Paket', trackingNumber: 'T-1', trackingUrl: 'https://tracking.carrier.example/T-1' },
      },
    }),
  },
  // Inbound stock (contract 6.9): the merchant's operations on the public gateway, the warehouse's on the internal one.
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/inbound-shipments',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) }, body: inboundShipmentBody(w), headers: { 'idempotency-key': `k-${randomUUID()}` } }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/inbound-shipments',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w) }, query: { status: 'AWAITING', updatedSince: '2026-01-01T00:00:00Z', limit: '2' } }),
  },
  {
    gateway: 'public',
    method: 'GET',
    template: '/v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), inboundShipmentId: w.inboundShipments.received } }),
  },
  {
    gateway: 'public',
    method: 'PATCH',
    template: '/v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}',
    organizationScoped: true,
    valid: (w) => {
      const { reference: _reference, warehouseId: _warehouseId, ...change } = inboundShipmentBody(w);
      return { path: { organizationId: org(w), inboundShipmentId: w.inboundShipments.patched }, body: change };
    },
  },
  {
    gateway: 'public',
    method: 'POST',
    template: '/v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}/cancel',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), inboundShipmentId: w.inboundShipments.cancelled } }),
  },
  // One unit at a time of a shipment announced with more than the suite receives.
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/dispatch-command',
    variant: 'RECEIVE_INBOUND_SHIPMENT',
    organizationScoped: true,
    valid: (w) => ({
      path: {},
      body: {
        commandName: 'RECEIVE_INBOUND_SHIPMENT',
        organizationId: org(w),
        commandBody: { inboundShipmentId: w.inboundShipments.received, lines: [{ barcode: w.org.barcodes[0], quantity: 1 }] },
      },
    }),
  },
  // Closed once; later requests are 200 FAILED.
  {
    gateway: 'internal',
    method: 'POST',
    template: '/internal-tools/dispatch-command',
    variant: 'CLOSE_INBOUND_SHIPMENT',
    organizationScoped: true,
    valid: (w) => ({
      path: {},
      body: { commandName: 'CLOSE_INBOUND_SHIPMENT', organizationId: org(w), commandBody: { inboundShipmentId: w.inboundShipments.closed } },
    }),
  },
  {
    gateway: 'internal',
    method: 'GET',
    template: '/organizations/{organizationId}/warehouses/{warehouseId}/inbound-shipments',
    organizationScoped: true,
    valid: (w) => ({ path: { organizationId: org(w), warehouseId: w.org.warehouseId }, query: { status: 'AWAITING', limit: '5' } }),
  },
];

/** An announcement with every field, of `org`'s first barcode, expected in a week. */
export function inboundShipmentBody(world: World): Record<string, unknown> {
  return {
    reference: `PO-${randomUUID()}`,
    warehouseId: world.org.warehouseId,
    expectedArrivalDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    carrier: 'DB Schenker',
    trackingNumber: 'SCH-88123',
    trackingUrl: 'https://tracking.carrier.example/SCH-88123',
    lines: [{ barcode: world.org.barcodes[0], quantity: 3 }],
  };
}

export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

export function queryString(query: Record<string, string> | undefined): string {
  const entries = Object.entries(query ?? {});
  return entries.length === 0 ? '' : `?${entries.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** The headers of a valid request: the bearer token (unless the operation is open), the content type, the operation's own. */
export function baseHeaders(op: Operation, valid: ValidRequest, token: string | undefined): Record<string, string> {
  return {
    ...(op.open || token === undefined ? {} : { authorization: `Bearer ${token}` }),
    ...(valid.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(valid.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...valid.headers,
  };
}

export function encodedBody(valid: ValidRequest): string | undefined {
  if (valid.body !== undefined) return JSON.stringify(valid.body);
  return valid.form !== undefined ? new URLSearchParams(valid.form).toString() : undefined;
}

/** The request as sent: `token` undefined sends none. */
export function rawRequest(op: Operation, valid: ValidRequest, token: string | undefined): RawRequest {
  return {
    method: op.method,
    path: fillPath(op.template, valid.path) + queryString(valid.query),
    headers: baseHeaders(op, valid, token),
    body: encodedBody(valid),
  };
}
