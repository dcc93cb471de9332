// A return as both gateways show it (contract 6.8): the public reads and webhooks, and the answers of
// MARK_RETURN_ARRIVED and PROCESS_RETURN. Built field by field; unset fields are left out.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import type { Environment, ReturnLineAction, ReturnReason, ReturnRow, ReturnStatus } from '@gateway/persistence';
import { RETURN_STATUSES } from '../policies/return-state-machine';
import { EnvironmentProperty } from '../../organizations';

export const RETURN_REASONS: ReturnReason[] = ['DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'NO_LONGER_NEEDED', 'OTHER'];
export const RETURN_LINE_ACTIONS: ReturnLineAction[] = ['RESTOCK', 'DISPOSE'];
/** Lengths in code points, as 6.7's shipments. */
export const RETURN_LIMITS = { reference: 100, note: 500, carrier: 100, trackingNumber: 100, trackingUrl: 2000, lines: 100 } as const;

const SAFE = Number.MAX_SAFE_INTEGER;

@ClosedSchema()
export class ReturnLineDto {
  @ApiProperty({ example: '4006381333931' }) barcode!: string;
  @ApiProperty({ description: "the retail unit's sku", example: 'TSHIRT-RED-M' }) sku!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: SAFE, description: 'items announced', example: 2 }) quantity!: number;
  @ApiProperty({ enum: RETURN_LINE_ACTIONS, description: 'RESTOCK: may be sold again; DISPOSE: never restocked' }) action!: ReturnLineAction;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: SAFE, description: 'once COMPLETED: items that arrived' }) receivedQuantity?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: SAFE, description: 'once COMPLETED: items put back on the shelf (onHand rose by this)' })
  restockedQuantity?: number;
}

@ClosedSchema()
export class ReturnDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) salesOrderId!: string;
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({ pattern: '^[A-Za-z0-9._:-]{1,100}$' }) storeId!: string;
  @ApiProperty({ pattern: '^[A-Za-z0-9._:-]{1,100}$', description: "where it goes back: the warehouse of the order's fulfilment order" }) warehouseId!: string;
  @ApiPropertyOptional({ maxLength: RETURN_LIMITS.reference, description: "the shop's own reference (an RMA number)", example: 'RMA-1042' }) reference?: string;
  @ApiProperty({ enum: RETURN_REASONS }) reason!: ReturnReason;
  @ApiPropertyOptional({ maxLength: RETURN_LIMITS.note }) note?: string;
  @ApiProperty({ enum: RETURN_STATUSES, description: 'AWAITING_ARRIVAL → ARRIVED → COMPLETED; CANCELLED only from AWAITING_ARRIVAL' }) status!: ReturnStatus;
  @ApiProperty({ type: () => [ReturnLineDto] }) lines!: ReturnLineDto[];
  @ApiPropertyOptional({ maxLength: RETURN_LIMITS.carrier, example: 'DHL' }) carrier?: string;
  @ApiPropertyOptional({ maxLength: RETURN_LIMITS.trackingNumber, example: '00340434161094015903' }) trackingNumber?: string;
  @ApiPropertyOptional({ format: 'uri', maxLength: RETURN_LIMITS.trackingUrl, description: 'https' }) trackingUrl?: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'when the warehouse received the parcel' }) arrivedAt?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'when the warehouse processed it' }) completedAt?: string;
  @ApiPropertyOptional({ format: 'date-time' }) cancelledAt?: string;
}

const optional = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } => (value === null ? {} : ({ [key]: value } as { [P in K]: V }));

export function toReturnDto(row: ReturnRow): ReturnDto {
  return {
    id: row.id,
    salesOrderId: row.salesOrderId,
    organizationId: row.organizationId,
    environment: row.environment,
    storeId: row.storeId,
    warehouseId: row.warehouseId,
    ...optional('reference', row.reference),
    reason: row.reason,
    ...optional('note', row.note),
    status: row.status,
    lines: row.lines.map((l) => ({
      barcode: l.barcode,
      sku: l.sku,
      quantity: Number(l.quantity),
      action: l.action,
      ...optional('receivedQuantity', l.receivedQuantity === null ? null : Number(l.receivedQuantity)),
      ...optional('restockedQuantity', l.restockedQuantity === null ? null : Number(l.restockedQuantity)),
    })),
    ...optional('carrier', row.carrier),
    ...optional('trackingNumber', row.trackingNumber),
    ...optional('trackingUrl', row.trackingUrl),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...optional('arrivedAt', row.arrivedAt),
    ...optional('completedAt', row.completedAt),
    ...optional('cancelledAt', row.cancelledAt),
  };
}
