// Every webhook event type, one entry each: the table the rest reads (the endpoints' `eventTypes`, the
// payload DTOs' `type` enums, the `webhooks` section of the OpenAPI document, the events feed's filter, a
// connector's scope). A new event type is one entry here plus its line in mapDomainEvent
// (webhook-event-mapping.ts).

/** What a webhook of the type carries in `data`: the sales order, a shipment of one, the inventory entry, a return, an inbound shipment, or (test) the endpoint. */
export type WebhookPayloadKind = 'salesOrder' | 'shipment' | 'inventoryLevel' | 'return' | 'inboundShipment' | 'endpoint';

interface WebhookEventTypeEntry {
  payload: WebhookPayloadKind;
  /** Endpoints subscribe to it (`eventTypes`) and the events feed lists it; false: sent on request to one endpoint. */
  subscribable: boolean;
  /** A connector may subscribe to it; false: the organization's own (a connector cannot see what it carries). */
  connectors?: false;
  /** The OpenAPI summary of its `webhooks` entry. */
  summary: string;
}

export const WEBHOOK_EVENT_CATALOG = {
  'sales_order.created': { payload: 'salesOrder', subscribable: true, summary: 'A sales order was received' },
  'sales_order.shipped': { payload: 'salesOrder', subscribable: true, summary: "A sales order's fulfilment order shipped" },
  'sales_order.cancelled': { payload: 'salesOrder', subscribable: true, summary: 'A sales order was cancelled' },
  'sales_order.updated': { payload: 'salesOrder', subscribable: true, summary: "A sales order's shipping address was changed" },
  'fulfilment_order.status_changed': {
    payload: 'salesOrder',
    subscribable: true,
    summary: "A sales order's fulfilment order changed state (fulfilmentStatus)",
  },
  'inventory_level.changed': { payload: 'inventoryLevel', subscribable: true, summary: 'The inventory of a barcode at a warehouse changed' },
  'sales_order.shipment_created': { payload: 'shipment', subscribable: true, summary: 'A parcel of a sales order shipped (a shipment was recorded)' },
  'sales_order.shipment_updated': { payload: 'shipment', subscribable: true, summary: "A shipment's status or tracking changed" },
  'sales_order.delivered': { payload: 'salesOrder', subscribable: true, summary: 'Every shipment of a shipped sales order was delivered' },
  'return.created': { payload: 'return', subscribable: true, summary: 'A return of a shipped sales order was announced' },
  'return.arrived': { payload: 'return', subscribable: true, summary: 'A return arrived at the warehouse' },
  'return.completed': { payload: 'return', subscribable: true, summary: 'A return was processed: what arrived and what was restocked' },
  'return.cancelled': { payload: 'return', subscribable: true, summary: 'A return was cancelled before it arrived' },
  'webhook.test': {
    payload: 'endpoint',
    subscribable: false,
    summary: 'A test event, sent to one endpoint when asked for (POST .../webhook-endpoints/{id}/test)',
  },
  // Inbound stock (contract 6.9): the organization's own, never sent to a connector's endpoints nor in its events
  // feed, so a connector's endpoint may not subscribe to them.
  'inbound_shipment.created': { payload: 'inboundShipment', subscribable: true, connectors: false, summary: 'An inbound shipment was announced' },
  'inbound_shipment.updated': { payload: 'inboundShipment', subscribable: true, connectors: false, summary: 'An announced inbound shipment was changed' },
  'inbound_shipment.received': {
    payload: 'inboundShipment',
    subscribable: true,
    connectors: false,
    summary: 'The warehouse received part of an inbound shipment (one per receipt, with what it counted in `receipt`)',
  },
  'inbound_shipment.completed': {
    payload: 'inboundShipment',
    subscribable: true,
    connectors: false,
    summary: 'An inbound shipment is complete: everything announced arrived, or the warehouse closed it',
  },
  'inbound_shipment.cancelled': { payload: 'inboundShipment', subscribable: true, connectors: false, summary: 'An inbound shipment was cancelled' },
} as const satisfies Record<string, WebhookEventTypeEntry>;

type Catalog = typeof WEBHOOK_EVENT_CATALOG;
/** Every type a delivery can carry: the subscribable ones and the test event. */
export type DeliveredEventType = keyof Catalog;
/** The types an endpoint subscribes to. */
export type WebhookEventType = { [T in DeliveredEventType]: Catalog[T]['subscribable'] extends true ? T : never }[DeliveredEventType];
/** The types whose webhooks carry this kind of payload. */
export type EventTypeCarrying<K extends WebhookPayloadKind> = { [T in DeliveredEventType]: Catalog[T]['payload'] extends K ? T : never }[DeliveredEventType];

export const DELIVERED_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_CATALOG) as DeliveredEventType[];
export const WEBHOOK_EVENT_TYPES = DELIVERED_EVENT_TYPES.filter((type): type is WebhookEventType => WEBHOOK_EVENT_CATALOG[type].subscribable);
/** The event POST .../test sends to one endpoint; no endpoint subscribes to it, and the events feed leaves it out. */
export const WEBHOOK_TEST_EVENT_TYPE = DELIVERED_EVENT_TYPES.find(
  (type) => WEBHOOK_EVENT_CATALOG[type].payload === 'endpoint',
) as EventTypeCarrying<'endpoint'>;

/** The types whose webhooks carry `kind`, in the table's order. */
export function eventTypesCarrying<K extends WebhookPayloadKind>(kind: K): EventTypeCarrying<K>[] {
  return DELIVERED_EVENT_TYPES.filter((type): type is EventTypeCarrying<K> => WEBHOOK_EVENT_CATALOG[type].payload === kind);
}

/** The subscribable types a connector's endpoint may not name: the organization's own (inbound stock). */
export const CONNECTOR_REFUSED_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => (WEBHOOK_EVENT_CATALOG[type] as WebhookEventTypeEntry).connectors === false);
