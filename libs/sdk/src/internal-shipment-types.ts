// Shipments (contract 6.7) as staff tools send and read them through dispatch-command.
import type { components } from './generated/internal-api';

type Schemas = components['schemas'];

/** A shipment, as the SUCCESS answers of SHIP_FULFILMENT_ORDER and UPDATE_SHIPMENT carry it. */
export type InternalShipment = Schemas['ShipmentDto'];
/** The commandBody of SHIP_FULFILMENT_ORDER: the order, and optionally the parcel (carrier, tracking, lines). */
export type ShipFulfilmentOrderBody = Schemas['ShipFulfilmentOrderBody'];
export type ShipmentBody = Schemas['ShipmentBody'];
/** The commandBody of UPDATE_SHIPMENT. */
export type UpdateShipmentBody = Schemas['UpdateShipmentBody'];
/** The result of SHIP_FULFILMENT_ORDER (with `shipment`) and of ALLOCATE_FULFILMENT_ORDER. */
export type FulfilmentOrderStatus = Schemas['FulfilmentOrderStatusDto'];
/** The result of UPDATE_SHIPMENT. */
export type ShipmentUpdateResult = Schemas['ShipmentUpdateResultDto'];
