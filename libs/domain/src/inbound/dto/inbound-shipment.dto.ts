// An inbound shipment as both gateways show it (contract 6.9): in the public answers and webhooks, and in
// the internal gateway's warehouse list and command results. Built field by field; unset fields are left out.
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { ClosedSchema, Required } from '@gateway/platform';
import type { Environment, InboundShipmentRow } from '@gateway/persistence';
import { EnvironmentProperty } from '../../organizations';
import { INBOUND_SHIPMENT_STATUSES, InboundShipmentStatus } from '../policies/inbound-shipment-state-machine';

/** Bounds of an announcement (contract 6.9; lengths as 6.7, in code points). */
export const INBOUND_SHIPMENT_LIMITS = { reference: 200, carrier: 100, trackingNumber: 100, trackingUrl: 2000, lines: 500, quantity: 1_000_000 } as const;

/** A line's quantity, announced or received: 1 to INBOUND_SHIPMENT_LIMITS.quantity, documented with its bounds. */
export const IsInboundQuantity = (description: string) =>
  applyDecorators(
    ApiProperty({ type: 'integer', minimum: 1, maximum: INBOUND_SHIPMENT_LIMITS.quantity, description, example: 40 }),
    Required(),
    IsInt({ message: 'must be an integer' }),
    Min(1, { message: 'must be at least 1' }),
    Max(INBOUND_SHIPMENT_LIMITS.quantity, { message: `must be at most ${INBOUND_SHIPMENT_LIMITS.quantity}` }),
  );

@ClosedSchema()
export class InboundShipmentLineDto {
  @ApiProperty({ example: '8710000000011' }) barcode!: string;
  @ApiProperty({ description: "the retail unit's sku", example: 'NOS-TENT-2P' }) sku!: string;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'what was announced (0 for a barcode the warehouse received without its being announced)',
    example: 40,
  })
  expectedQuantity!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'what the warehouse has counted so far', example: 0 })
  receivedQuantity!: number;
}

@ClosedSchema()
export class InboundShipmentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({ description: 'where the stock goes', example: 'wh-ams-1' }) warehouseId!: string;
  @ApiProperty({ description: "the merchant's reference", example: 'PO-2026-0042' }) reference!: string;
  @ApiProperty({
    enum: INBOUND_SHIPMENT_STATUSES,
    description:
      'AWAITING until a first receipt, RECEIVING after it, COMPLETED when everything arrived or the warehouse closed it; CANCELLED only from AWAITING',
  })
  status!: InboundShipmentStatus;
  @ApiProperty({ format: 'date', example: '2027-03-01' }) expectedArrivalDate!: string;
  @ApiPropertyOptional({ maxLength: INBOUND_SHIPMENT_LIMITS.carrier, example: 'DB Schenker' }) carrier?: string;
  @ApiPropertyOptional({ maxLength: INBOUND_SHIPMENT_LIMITS.trackingNumber, example: 'SCH-88123' }) trackingNumber?: string;
  @ApiPropertyOptional({
    format: 'uri',
    maxLength: INBOUND_SHIPMENT_LIMITS.trackingUrl,
    description: 'https',
    example: 'https://tracking.carrier.example/SCH-88123',
  })
  trackingUrl?: string;
  @ApiProperty({ type: () => [InboundShipmentLineDto], description: 'per barcode, in the order announced (barcodes received unannounced after them)' })
  lines!: InboundShipmentLineDto[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'with COMPLETED' }) completedAt?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'with CANCELLED' }) cancelledAt?: string;
}

export function toInboundShipmentDto(row: InboundShipmentRow): InboundShipmentDto {
  return {
    id: row.id,
    organizationId: row.organizationId,
    environment: row.environment,
    warehouseId: row.warehouseId,
    reference: row.reference,
    status: row.status,
    expectedArrivalDate: row.expectedArrivalDate,
    ...(row.carrier !== null ? { carrier: row.carrier } : {}),
    ...(row.trackingNumber !== null ? { trackingNumber: row.trackingNumber } : {}),
    ...(row.trackingUrl !== null ? { trackingUrl: row.trackingUrl } : {}),
    lines: row.lines.map((l) => ({ barcode: l.barcode, sku: l.sku, expectedQuantity: l.expectedQuantity, receivedQuantity: l.receivedQuantity })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.completedAt !== null ? { completedAt: row.completedAt } : {}),
    ...(row.cancelledAt !== null ? { cancelledAt: row.cancelledAt } : {}),
  };
}
