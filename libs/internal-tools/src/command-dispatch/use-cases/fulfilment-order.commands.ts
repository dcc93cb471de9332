// ALLOCATE_FULFILMENT_ORDER and SHIP_FULFILMENT_ORDER (with its optional shipment), a use case each.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { ArrayUnique, IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ClosedSchema, HasItems, HasLength, NestedObject, NestedObjectList, Required } from '@gateway/platform';
import { Database } from '@gateway/persistence';
import { FulfilmentOrderAllocation, FulfilmentOrderShipping, FulfilmentOrderStatusDto, IsTrackingUrl, SHIPMENT_LIMITS } from '@gateway/domain';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';
import { IsBarcode, IsEntityId } from '../policies/command-body-rules';

const SAFE = Number.MAX_SAFE_INTEGER;
/** Lines of one shipment at most (distinct barcodes of one order). */
export const MAX_SHIPMENT_LINES = 1000;
const Optional = () => ValidateIf((_object, value) => value !== undefined);

@ClosedSchema()
export class FulfilmentOrderCommandBody {
  @ApiProperty({ pattern: '^[A-Za-z0-9._:-]{1,100}$', description: 'a fulfilment order of the organization', example: 'FO-1001' })
  @IsEntityId()
  fulfilmentOrderId!: string;
}

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

@ClosedSchema()
export class ShipFulfilmentOrderBody extends FulfilmentOrderCommandBody {
  @ApiPropertyOptional({
    type: () => ShipmentBody,
    description: 'the parcel this command ships (contract 6.7); without it, everything unshipped ships in one shipment without tracking',
  })
  @Optional()
  @NestedObject(() => ShipmentBody)
  shipment?: ShipmentBody;
}

/** To ALLOCATED when every line is fulfillable, else BACK_ORDERED; the result is where the order is now. */
@DispatchableCommand({ name: 'ALLOCATE_FULFILMENT_ORDER', body: FulfilmentOrderCommandBody, result: FulfilmentOrderStatusDto })
export class AllocateFulfilmentOrderCommand implements CommandHandler<FulfilmentOrderCommandBody> {
  constructor(
    private readonly db: Database,
    private readonly allocation: FulfilmentOrderAllocation,
  ) {}

  handle(body: FulfilmentOrderCommandBody, context: CommandContext): Promise<FulfilmentOrderStatusDto> {
    return this.db.transaction((tx) => this.allocation.allocate(tx, context.organizationId, body.fulfilmentOrderId, context.initiator));
  }
}

/** From ALLOCATED (through PICKING), PICKING or PARTIALLY_SHIPPED: one shipment, to SHIPPED when nothing is left, else PARTIALLY_SHIPPED. */
@DispatchableCommand({ name: 'SHIP_FULFILMENT_ORDER', body: ShipFulfilmentOrderBody, result: FulfilmentOrderStatusDto })
export class ShipFulfilmentOrderCommand implements CommandHandler<ShipFulfilmentOrderBody> {
  constructor(
    private readonly db: Database,
    private readonly shipping: FulfilmentOrderShipping,
  ) {}

  handle(body: ShipFulfilmentOrderBody, context: CommandContext): Promise<FulfilmentOrderStatusDto> {
    return this.db.transaction((tx) => this.shipping.ship(tx, context.organizationId, body.fulfilmentOrderId, context.initiator, body.shipment));
  }
}
