// A warehouse's inbound shipments for the staff who plan receiving (contract 6.9): by expected arrival date.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ClosedSchema, HasMaxLength, plainNumber } from '@gateway/platform';
import { INBOUND_SHIPMENT_STATUSES, InboundShipmentDto, InboundShipmentStatus, MAX_CURSOR_LENGTH } from '@gateway/domain';

export const WAREHOUSE_INBOUND_PAGE_LIMIT = { min: 1, max: 100, default: 50 } as const;
const LIMIT_MESSAGE = `must be an integer from ${WAREHOUSE_INBOUND_PAGE_LIMIT.min} to ${WAREHOUSE_INBOUND_PAGE_LIMIT.max}`;
const Optional = () => ValidateIf((_object, value) => value !== undefined);

export class WarehouseInboundQuery {
  @ApiPropertyOptional({ enum: INBOUND_SHIPMENT_STATUSES, description: 'only the shipments in this state; without it, the open ones (AWAITING and RECEIVING)' })
  @Optional()
  @IsIn(INBOUND_SHIPMENT_STATUSES, { message: `must be one of ${INBOUND_SHIPMENT_STATUSES.join(', ')}` })
  status?: InboundShipmentStatus;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: WAREHOUSE_INBOUND_PAGE_LIMIT.min,
    maximum: WAREHOUSE_INBOUND_PAGE_LIMIT.max,
    default: WAREHOUSE_INBOUND_PAGE_LIMIT.default,
  })
  @Transform(plainNumber)
  @Optional()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(WAREHOUSE_INBOUND_PAGE_LIMIT.min, { message: LIMIT_MESSAGE })
  @Max(WAREHOUSE_INBOUND_PAGE_LIMIT.max, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ maxLength: MAX_CURSOR_LENGTH, description: 'the nextCursor of the previous page, sent with the same status' })
  @Optional()
  @IsString({ message: 'must be a cursor from nextCursor' })
  @HasMaxLength(MAX_CURSOR_LENGTH, 'must be a cursor from nextCursor')
  cursor?: string;
}

@ClosedSchema()
export class WarehouseInboundPageDto {
  @ApiProperty({ type: () => [InboundShipmentDto], description: 'by expected arrival date, earliest first' })
  items!: InboundShipmentDto[];

  @ApiProperty({ type: String, nullable: true, description: 'opaque; pass it as cursor, with the same status, for the next page; null on the last page' })
  nextCursor!: string | null;
}
