// UPDATE_SHIPMENT (contract 6.7): a shipment's status, and corrections of its tracking.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, ValidateBy, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { ClosedSchema, HasLength, Required, canonicalUuid } from '@gateway/platform';
import { Database } from '@gateway/persistence';
import { IsTrackingUrl, SHIPMENT_LIMITS, SHIPMENT_UPDATE_STATUSES, ShipmentStatus, ShipmentTracking, ShipmentUpdateResultDto } from '@gateway/domain';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';
import { DATE_TIME_MESSAGE, isQueryDateTime } from '../../event-log';

const Optional = () => ValidateIf((_object, value) => value !== undefined);

@ClosedSchema()
export class UpdateShipmentBody {
  @ApiProperty({
    format: 'uuid',
    description: "the shipment's id (in SHIP_FULFILMENT_ORDER's answer and the order's record)",
    example: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  })
  @Required()
  @Transform(canonicalUuid)
  @IsUUID(undefined, { message: 'must be a UUID' })
  shipmentId!: string;

  @ApiProperty({ enum: SHIPMENT_UPDATE_STATUSES, description: 'DELIVERED and RETURNED are final; RETURNED moves no stock', example: 'DELIVERED' })
  @Required()
  @IsIn(SHIPMENT_UPDATE_STATUSES, { message: `must be one of ${SHIPMENT_UPDATE_STATUSES.join(', ')}` })
  status!: ShipmentStatus;

  @ApiPropertyOptional({ description: 'replaces the tracking number', example: '00340434161094015902' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPMENT_LIMITS.trackingNumber)
  trackingNumber?: string;

  @ApiPropertyOptional({ format: 'uri', pattern: '^https://', maxLength: SHIPMENT_LIMITS.trackingUrl, description: 'replaces the tracking link (https)' })
  @Optional()
  @IsTrackingUrl(SHIPMENT_LIMITS.trackingUrl)
  trackingUrl?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'when it happened (RFC 3339, time zone required); with DELIVERED the delivery time, default now' })
  @Optional()
  @ValidateBy({ name: 'isDateTime', validator: { validate: isQueryDateTime, defaultMessage: () => DATE_TIME_MESSAGE } })
  occurredAt?: string;
}

/** Sets the shipment's status; the result is the shipment as it now is. */
@DispatchableCommand({ name: 'UPDATE_SHIPMENT', body: UpdateShipmentBody, result: ShipmentUpdateResultDto })
export class UpdateShipmentCommand implements CommandHandler<UpdateShipmentBody> {
  constructor(
    private readonly db: Database,
    private readonly tracking: ShipmentTracking,
  ) {}

  handle(body: UpdateShipmentBody, context: CommandContext): Promise<ShipmentUpdateResultDto> {
    return this.db.transaction((tx) => this.tracking.update(tx, context.organizationId, body, context.initiator));
  }
}
