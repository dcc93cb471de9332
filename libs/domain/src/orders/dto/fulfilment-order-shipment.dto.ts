// What SHIP_FULFILMENT_ORDER and UPDATE_SHIPMENT take (as the use cases see it) and answer (contract 6.7).
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { ShipmentStatus } from '../policies/shipment-rules';
import { ShipmentDto } from './shipment.dto';

/** The parcel a ship command records; without `lines`, everything still unshipped. */
export interface ShipmentDetails {
  carrier?: string;
  service?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  lines?: { barcode: string; quantity: number }[];
}

export interface ShipmentUpdate {
  shipmentId: string;
  status: ShipmentStatus;
  trackingNumber?: string;
  trackingUrl?: string;
  /** ISO 8601 with a time zone; with DELIVERED, when it was delivered (default now). */
  occurredAt?: string;
}

/** A shipment after UPDATE_SHIPMENT, with its fulfilment order. */
@ClosedSchema()
export class ShipmentUpdateResultDto {
  @ApiProperty() fulfilmentOrderId!: string;
  @ApiProperty({ type: () => ShipmentDto }) shipment!: ShipmentDto;
}
