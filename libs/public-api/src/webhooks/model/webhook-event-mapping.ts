// Which webhook events an event of the domain log makes (contract 6.3), and which public resource each
// one carries. The log is the only source: every use case writes its events in the transaction of its
// change, so a webhook is never sent for a change that rolled back.
import type { DomainEventRow } from '@gateway/persistence';
import type { DeliveredEventType, WebhookEventType } from './webhook-event-types';

export type WebhookSubject =
  | { kind: 'salesOrder'; salesOrderId: string }
  /** A fulfilment order's sales order, looked up (a fulfilment order without one makes no webhook). */
  | { kind: 'fulfilmentOrder'; fulfilmentOrderId: string }
  /** A shipment with its sales order (a shipment of a fulfilment order without one makes no webhook). */
  | { kind: 'shipment'; shipmentId: string }
  | { kind: 'inventoryLevel'; warehouseId: string; barcode: string }
  | { kind: 'return'; returnId: string }
  /** An inbound shipment; with `receipt`, what one receipt counted (from its event). */
  | { kind: 'inboundShipment'; inboundShipmentId: string; receipt?: { barcode: string; quantity: number }[] };

export interface MappedWebhookEvent {
  type: WebhookEventType;
  subject: WebhookSubject;
}

/** The fulfilment order transitions of the state machine: each is a fulfilment_order.status_changed. */
const FULFILMENT_TRANSITIONS = new Set([
  'FulfilmentOrderAllocated',
  'FulfilmentOrderBackOrdered',
  'FulfilmentOrderPickingStarted',
  'FulfilmentOrderPartiallyShipped',
  'FulfilmentOrderShipped',
  'FulfilmentOrderCancelled',
  'FulfilmentOrderWithdrawn',
]);

/** The steps of a return: each is the return.* event of its name. */
const RETURN_EVENT_TYPES: Record<string, WebhookEventType | undefined> = {
  ReturnCreated: 'return.created',
  ReturnArrived: 'return.arrived',
  ReturnCompleted: 'return.completed',
  ReturnCancelled: 'return.cancelled',
};

/** A ledger event moves or sets one level: it names its warehouse and barcode and carries a delta or a set. */
function isLevelChange(event: DomainEventRow): boolean {
  const payload = event.payload as { delta?: unknown; set?: unknown } | null;
  return (
    event.warehouseId !== null &&
    event.barcode !== null &&
    typeof payload === 'object' &&
    payload !== null &&
    (payload.delta !== undefined || payload.set !== undefined)
  );
}

export function mapDomainEvent(event: DomainEventRow): MappedWebhookEvent[] {
  if (isLevelChange(event))
    return [
      { type: 'inventory_level.changed', subject: { kind: 'inventoryLevel', warehouseId: event.warehouseId as string, barcode: event.barcode as string } },
    ];
  if (event.type === 'SalesOrderReceived') return [{ type: 'sales_order.created', subject: { kind: 'salesOrder', salesOrderId: event.aggregateId } }];
  if (event.type === 'SalesOrderCancelled') return [{ type: 'sales_order.cancelled', subject: { kind: 'salesOrder', salesOrderId: event.aggregateId } }];
  if (event.type === 'SalesOrderUpdated') return [{ type: 'sales_order.updated', subject: { kind: 'salesOrder', salesOrderId: event.aggregateId } }];
  if (event.type === 'SalesOrderDelivered') return [{ type: 'sales_order.delivered', subject: { kind: 'salesOrder', salesOrderId: event.aggregateId } }];
  if (event.type === 'ShipmentCreated') return [{ type: 'sales_order.shipment_created', subject: { kind: 'shipment', shipmentId: event.aggregateId } }];
  if (event.type === 'ShipmentUpdated') return [{ type: 'sales_order.shipment_updated', subject: { kind: 'shipment', shipmentId: event.aggregateId } }];
  const returnEvent = event.aggregateType === 'Return' ? RETURN_EVENT_TYPES[event.type] : undefined;
  if (returnEvent) return [{ type: returnEvent, subject: { kind: 'return', returnId: event.aggregateId } }];
  if (event.aggregateType === 'FulfilmentOrder' && FULFILMENT_TRANSITIONS.has(event.type)) {
    const subject: WebhookSubject = { kind: 'fulfilmentOrder', fulfilmentOrderId: event.aggregateId };
    const changed: MappedWebhookEvent = { type: 'fulfilment_order.status_changed', subject };
    return event.type === 'FulfilmentOrderShipped' ? [{ type: 'sales_order.shipped', subject }, changed] : [changed];
  }
  return inboundShipmentEvent(event);
}

/** The events of an inbound shipment's aggregate and the webhook each makes. */
const INBOUND_SHIPMENT_EVENTS: Record<string, WebhookEventType> = {
  InboundShipmentCreated: 'inbound_shipment.created',
  InboundShipmentUpdated: 'inbound_shipment.updated',
  InboundShipmentReceived: 'inbound_shipment.received',
  InboundShipmentCompleted: 'inbound_shipment.completed',
  InboundShipmentCancelled: 'inbound_shipment.cancelled',
};

function inboundShipmentEvent(event: DomainEventRow): MappedWebhookEvent[] {
  const type = INBOUND_SHIPMENT_EVENTS[event.type];
  if (event.aggregateType !== 'InboundShipment' || type === undefined) return [];
  const receipt = type === 'inbound_shipment.received' ? (event.payload as { lines?: { barcode: string; quantity: number }[] }).lines : undefined;
  return [{ type, subject: { kind: 'inboundShipment', inboundShipmentId: event.aggregateId, ...(receipt ? { receipt } : {}) } }];
}

/** The `webhook-id` of one webhook event: stable, so the same on every attempt and for every endpoint. */
export function webhookIdOf(eventId: string, type: DeliveredEventType): string {
  return `msg_${eventId.replace(/-/g, '')}_${type}`;
}
