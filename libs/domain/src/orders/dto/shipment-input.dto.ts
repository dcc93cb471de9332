// The parcel a ship step records, as a request names it (contract 6.7): the staff's SHIP_FULFILMENT_ORDER and
// the sandbox's SHIP simulation take the same shape.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { ArrayUnique, IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ClosedSchema, HasItems, HasLength, NestedObjectList, Required } from '@gateway/platform';
import { IsBarcode } from '../../inventory';
import { IsTrackingUrl } from '../policies/tracking-url';
import { SHIPMENT_LIMITS } from './shipment.dto';

const SAFE = Number.MAX_SAFE_INTEGER;
/** Lines of one shipment at most (distinct barcodes of one order). */
export const MAX_SHIPMENT_LINES = 1000;
const Optional = () => ValidateIf((_object, value) => value !== undefined);

/** A string of 1 to `max` characters. */
const IsText = (max: number) => applyDecorators(IsString({ message: 'must be a string' }), HasLength(1, max));

@ClosedSchema()
export class ShipmentLineBody {
  @ApiProperty({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'a barcode of the order', example: '4006381333931' }) @IsBarcode() barcode!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: SAFE, description: 'at most what is still unshipped of the barcode', example: 1 })
  @Required()
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(SAFE, { message: `must be at most ${SAFE}` })
  quantity!: number;
}

@ClosedSchema()
export class ShipmentBody {
  @ApiProperty({ description: 'who carries the parcel', example: 'DHL' }) @Required() @IsText(SHIPMENT_LIMITS.carrier) carrier!: string;
  @ApiPropertyOptional({ description: "the carrier's service", example: 'Paket' }) @Optional() @IsText(SHIPMENT_LIMITS.service) service?: string;
  @ApiProperty({ example: '00340434161094015902' }) @Required() @IsText(SHIPMENT_LIMITS.trackingNumber) trackingNumber!: string;
  @ApiPropertyOptional({
    format: 'uri',
    pattern: '^https://',
    maxLength: SHIPMENT_LIMITS.trackingUrl,
    example: 'https://www.dhl.de/de/privatkunden.html?piececode=00340434161094015902',
  })
  @Optional()
  @IsTrackingUrl(SHIPMENT_LIMITS.trackingUrl)
  trackingUrl?: string;
  @ApiPropertyOptional({
    type: () => [ShipmentLineBody],
    description: 'what this parcel holds, distinct barcodes; without lines, everything still unshipped',
  })
  @Optional()
  @NestedObjectList(() => ShipmentLineBody)
  @HasItems(1, MAX_SHIPMENT_LINES, 'lines')
  @ArrayUnique((line: { barcode?: unknown } | null) => line?.barcode, { message: 'must name each barcode once' })
  lines?: ShipmentLineBody[];
}
