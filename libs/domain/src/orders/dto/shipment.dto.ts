// A shipment as both gateways show it (contract 6.7): in the sales order's record, in the shipment webhooks,
// and in the answers of SHIP_FULFILMENT_ORDER and UPDATE_SHIPMENT. Built field by field; unset fields are
// left out.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import type { ShipmentRow } from '@gateway/persistence';
import { SHIPMENT_STATUSES, ShipmentStatus } from '../policies/shipment-rules';

export const SHIPMENT_LIMITS = { carrier: 100, service: 100, trackingNumber: 100, trackingUrl: 2000 } as const;

@ClosedSchema()
export class ShipmentLineDto {
  @ApiProperty({ example: '4006381333931' }) barcode!: string;
  @ApiProperty({ description: "the retail unit's sku", example: 'TSHIRT-RED-M' }) sku!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'items of the barcode in this parcel', example: 2 })
  quantity!: number;
}

@ClosedSchema()
export class ShipmentDto {
  @ApiProperty({ format: 'uuid', description: 'what UPDATE_SHIPMENT names' }) id!: string;
  @ApiProperty({ enum: SHIPMENT_STATUSES, description: 'SHIPPED when recorded; DELIVERED and RETURNED are final' }) status!: ShipmentStatus;
  @ApiPropertyOptional({ maxLength: SHIPMENT_LIMITS.carrier, example: 'DHL' }) carrier?: string;
  @ApiPropertyOptional({ maxLength: SHIPMENT_LIMITS.service, example: 'Paket' }) service?: string;
  @ApiPropertyOptional({ maxLength: SHIPMENT_LIMITS.trackingNumber, example: '00340434161094015902' }) trackingNumber?: string;
  @ApiPropertyOptional({
    format: 'uri',
    maxLength: SHIPMENT_LIMITS.trackingUrl,
    description: 'https',
    example: 'https://www.dhl.de/de/privatkunden.html?piececode=00340434161094015902',
  })
  trackingUrl?: string;
  @ApiProperty({ format: 'date-time', description: 'when the ship command recorded it' }) shippedAt!: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'with DELIVERED: when it was delivered' }) deliveredAt?: string;
  @ApiProperty({ type: () => [ShipmentLineDto], description: 'what this parcel holds, per barcode' }) lines!: ShipmentLineDto[];
}

export function toShipmentDto(row: ShipmentRow): ShipmentDto {
  return {
    id: row.id,
    status: row.status,
    ...(row.carrier !== null ? { carrier: row.carrier } : {}),
    ...(row.service !== null ? { service: row.service } : {}),
    ...(row.trackingNumber !== null ? { trackingNumber: row.trackingNumber } : {}),
    ...(row.trackingUrl !== null ? { trackingUrl: row.trackingUrl } : {}),
    shippedAt: row.shippedAt,
    ...(row.deliveredAt !== null ? { deliveredAt: row.deliveredAt } : {}),
    lines: row.lines.map((l) => ({ barcode: l.barcode, sku: l.sku, quantity: Number(l.quantity) })),
  };
}
