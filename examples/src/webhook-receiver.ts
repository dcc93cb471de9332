// A webhook receiver as an integrator writes one: it verifies each request with the `standardwebhooks`
// package and the endpoint's secret (the `whsec_...` answered once at registration, or by rotate-secret),
// answers 2xx quickly, and handles an event once although the gateway delivers at least once (retries keep
// the webhook-id).
//
// Rolling the secret without a gap: while a rotation's overlap lasts, the gateway signs every delivery with
// both secrets (`webhook-signature: v1,<new> v1,<old>`), and the package accepts a request when any one of
// the signatures matches its secret. So a receiver still holding the old secret keeps verifying, and one
// given the new secret verifies at once. Give the receiver both, newest first, while you deploy the new one.
import { createServer, Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { InboundShipmentWebhookData, Return, Shipment, ShipmentWebhookData } from '@gateway/sdk';

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** How a parcel can be followed: its carrier and tracking number, and the tracking link to give the customer. */
function tracking(shipment: Shipment): string {
  const carrier = [shipment.carrier, shipment.service].filter(Boolean).join(' ');
  const number = shipment.trackingNumber ? `${carrier ? `${carrier} ` : ''}${shipment.trackingNumber}` : carrier || 'no carrier given';
  return `${number}, ${shipment.trackingUrl ? `track it at ${shipment.trackingUrl}` : 'no tracking link'}`;
}

/**
 * One line about an event that says where parcels are (undefined for the others): a shipment recorded or
 * updated, or an order shipped or delivered with each of its shipments. Tell your customer from these.
 */
export function describeShipping(event: WebhookEvent): string | undefined {
  if (event.type === 'sales_order.shipment_created' || event.type === 'sales_order.shipment_updated') {
    const shipment = event.data as unknown as ShipmentWebhookData;
    return `order ${shipment.orderReference}: parcel ${shipment.id} ${shipment.status} (${tracking(shipment)})`;
  }
  if (event.type === 'sales_order.shipped' || event.type === 'sales_order.delivered') {
    const shipments = (event.data.shipments ?? []) as Shipment[];
    const parcels = shipments.map((s) => `parcel ${s.id} ${s.status} (${tracking(s)})`).join('; ');
    return `order ${String(event.data.orderReference)}: ${String(event.data.status)}${parcels ? `, ${parcels}` : ''}`;
  }
  return undefined;
}

/**
 * One line about a return event (undefined for the others): what is coming back and why, what arrived, and
 * once processed what went back on the shelf (sellable again) and what was disposed of.
 */
export function describeReturn(event: WebhookEvent): string | undefined {
  if (!event.type.startsWith('return.')) return undefined;
  const returned = event.data as unknown as Return;
  const lines = returned.lines
    .map((l) =>
      l.receivedQuantity === undefined
        ? `${l.quantity} x ${l.sku} (${l.action})`
        : `${l.sku}: ${l.receivedQuantity} of ${l.quantity} arrived, ${l.restockedQuantity ?? 0} restocked, ${l.receivedQuantity - (l.restockedQuantity ?? 0)} not`,
    )
    .join('; ');
  return `return ${returned.reference ?? returned.id} of order ${returned.salesOrderId}: ${returned.status} (${returned.reason}) at ${returned.warehouseId}: ${lines}`;
}

/**
 * One line about an inbound shipment event (undefined for the others): what a receipt counted against what was
 * announced, or where the shipment now stands. Plan your stock from these.
 */
export function describeInbound(event: WebhookEvent): string | undefined {
  if (!event.type.startsWith('inbound_shipment.')) return undefined;
  const shipment = event.data as unknown as InboundShipmentWebhookData;
  const totals = shipment.lines.map((l) => `${l.barcode} ${l.receivedQuantity}/${l.expectedQuantity}`).join(', ');
  if (event.type === 'inbound_shipment.received' && shipment.receipt) {
    const counted = shipment.receipt.lines.map((l) => `${l.quantity} x ${l.barcode}`).join(', ');
    return `inbound ${shipment.reference}: received ${counted}; now ${shipment.status} (received/announced: ${totals})`;
  }
  return `inbound ${shipment.reference}: ${shipment.status}, expected ${shipment.expectedArrivalDate} (received/announced: ${totals})`;
}

/**
 * `secrets`: the endpoint's secret, or during a rotation its secrets newest first (a request is accepted when
 * it verifies with any of them). `say`, when given, hears one line per request verified, and for a shipping event
 * a second line with its parcels' tracking (describeShipping), for a return event one with its lines (describeReturn),
 * and for an inbound shipment event what arrived (describeInbound).
 */
export function createWebhookReceiver(
  secrets: string | string[],
  onEvent: (event: WebhookEvent, webhookId: string) => void,
  say?: (line: string) => void,
): Server {
  const verifiers = (Array.isArray(secrets) ? secrets : [secrets]).map((secret) => new Webhook(secret));
  // In production, remember handled ids in your database (with a unique constraint), not in memory.
  const handled = new Set<string>();
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // Verify the raw body exactly as received: parsing and re-serializing it would break the signature.
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified: { event: WebhookEvent; secret: number } | undefined;
      for (const [i, verifier] of verifiers.entries()) {
        try {
          verified = { event: verifier.verify(body, headers) as WebhookEvent, secret: i + 1 };
          break;
        } catch (error) {
          if (!(error instanceof WebhookVerificationError)) {
            res.writeHead(500).end();
            return;
          }
        }
      }
      if (!verified) {
        res.writeHead(400).end();
        return;
      }
      const webhookId = headers['webhook-id'];
      const signatures = headers['webhook-signature'].split(' ').length;
      say?.(
        `verified ${webhookId} (${verified.event.type}) with secret ${verified.secret} of ${verifiers.length}; webhook-signature carried ${signatures} signature${signatures === 1 ? '' : 's'}`,
      );
      if (!handled.has(webhookId)) {
        handled.add(webhookId);
        const line = describeShipping(verified.event) ?? describeReturn(verified.event) ?? describeInbound(verified.event);
        if (line) say?.(line);
        onEvent(verified.event, webhookId);
      }
      res.writeHead(204).end();
    });
  });
}
