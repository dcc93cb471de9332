// Shipments (contract 6.7) as a shop's integration reads them: in the sales order's record (`shipments`), in the
// `sales_order.shipment_created` and `sales_order.shipment_updated` webhooks, and in the events feed.
import type { components } from './generated/public-api';

type Schemas = components['schemas'];

/** A parcel of a sales order: its status, carrier, tracking and lines. */
export type Shipment = Schemas['ShipmentDto'];
export type ShipmentLine = Schemas['ShipmentLineDto'];
/** `SHIPPED`, `IN_TRANSIT`, `OUT_FOR_DELIVERY`, `DELIVERED`, `EXCEPTION` or `RETURNED` (tolerate values added later). */
export type ShipmentStatus = Shipment['status'];
/** The `data` of a shipment webhook: the shipment with its order's `salesOrderId`, `storeId` and `orderReference`. */
export type ShipmentWebhookData = Schemas['ShipmentWebhookDataDto'];
/** The body of a `sales_order.shipment_created` or `sales_order.shipment_updated` webhook. */
export type ShipmentWebhookEvent = Schemas['ShipmentWebhookEventDto'];
