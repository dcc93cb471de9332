// The bodies and the query of the inbound shipment operations (contract 6.9), validated whole: every problem
// is reported at once with its JSON pointer, unknown properties are refused, lengths count code points.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, ValidateIf } from 'class-validator';
import { ClosedSchema, HasItems, HasLength, MatchesPattern, NestedObjectList, Required } from '@gateway/platform';
import {
  INBOUND_SHIPMENT_LIMITS,
  INBOUND_SHIPMENT_STATUSES,
  InboundShipmentDto,
  InboundShipmentStatus,
  IsInboundQuantity,
  IsTrackingUrl,
  PageCursor,
  PageLimit,
} from '@gateway/domain';
import { IsoDateTime } from '../../orders';
import { IsArrivalDate } from '../policies/arrival-date';

const Optional = () => ValidateIf((_object, value) => value !== undefined);
const ENTITY_ID = /^[A-Za-z0-9._:-]{1,100}$/;

@ClosedSchema()
export class InboundShipmentLineInput {
  @ApiProperty({ description: 'a retail unit of the organization, not archived', example: '8710000000011' })
  @Required()
  @IsString({ message: 'must be a string' })
  @MatchesPattern(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, underscores or hyphens')
  barcode!: string;

  @IsInboundQuantity('items announced')
  quantity!: number;
}

/** The tracking fields, announced on creation and changed by PATCH. */
@ClosedSchema()
class InboundTrackingInput {
  @ApiPropertyOptional({ minLength: 1, maxLength: INBOUND_SHIPMENT_LIMITS.carrier, example: 'DB Schenker' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, INBOUND_SHIPMENT_LIMITS.carrier)
  carrier?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: INBOUND_SHIPMENT_LIMITS.trackingNumber, example: 'SCH-88123' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, INBOUND_SHIPMENT_LIMITS.trackingNumber)
  trackingNumber?: string;

  @ApiPropertyOptional({ format: 'uri', pattern: '^https://', maxLength: INBOUND_SHIPMENT_LIMITS.trackingUrl, description: 'https' })
  @Optional()
  @IsTrackingUrl(INBOUND_SHIPMENT_LIMITS.trackingUrl)
  trackingUrl?: string;
}

@ClosedSchema()
export class CreateInboundShipmentDto extends InboundTrackingInput {
  @ApiProperty({
    minLength: 1,
    maxLength: INBOUND_SHIPMENT_LIMITS.reference,
    description: "the merchant's reference (a purchase order, an ASN)",
    example: 'PO-2026-0042',
  })
  @Required()
  @IsString({ message: 'must be a string' })
  @HasLength(1, INBOUND_SHIPMENT_LIMITS.reference)
  reference!: string;

  @ApiProperty({ pattern: ENTITY_ID.source, description: "one of the warehouses the organization's stores use", example: 'wh-ams-1' })
  @Required()
  @IsString({ message: 'must be a string' })
  @Matches(ENTITY_ID, { message: 'must be 1 to 100 letters, digits, dots, underscores, colons or hyphens' })
  warehouseId!: string;

  @Required()
  @IsArrivalDate('when the stock is expected at the warehouse: a full date, today or later', true)
  expectedArrivalDate!: string;

  @ApiProperty({ type: () => [InboundShipmentLineInput], description: 'distinct barcodes' })
  @Required()
  @NestedObjectList(() => InboundShipmentLineInput)
  @HasItems(1, INBOUND_SHIPMENT_LIMITS.lines, 'lines')
  lines!: InboundShipmentLineInput[];
}

@ClosedSchema()
export class UpdateInboundShipmentDto extends InboundTrackingInput {
  @Optional()
  @IsArrivalDate('a new expected arrival date: a full date, today or later', false)
  expectedArrivalDate?: string;

  @ApiPropertyOptional({ type: () => [InboundShipmentLineInput], description: 'replaces the lines whole; distinct barcodes' })
  @Optional()
  @NestedObjectList(() => InboundShipmentLineInput)
  @HasItems(1, INBOUND_SHIPMENT_LIMITS.lines, 'lines')
  lines?: InboundShipmentLineInput[];
}

export class ListInboundShipmentsQuery {
  @ApiPropertyOptional({ enum: INBOUND_SHIPMENT_STATUSES, description: 'only the shipments in this state' })
  @Optional()
  @IsIn(INBOUND_SHIPMENT_STATUSES, { message: `must be one of ${INBOUND_SHIPMENT_STATUSES.join(', ')}` })
  status?: InboundShipmentStatus;

  @Optional()
  @IsoDateTime('only the shipments changed at or after this instant')
  updatedSince?: string;

  @PageLimit('shipments per page')
  limit?: number;

  @PageCursor('status and updatedSince')
  cursor?: string;
}

@ClosedSchema()
export class InboundShipmentPageDto {
  @ApiProperty({ type: () => [InboundShipmentDto], description: 'newest first' })
  items!: InboundShipmentDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'opaque; pass it as cursor, with the same status and updatedSince, for the next page; null on the last page',
  })
  nextCursor!: string | null;
}
