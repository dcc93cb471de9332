// The events feed (contract 6.5): the stored payloads of an organization's webhook events, oldest first.
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { ClosedSchema, HasMaxLength, plainNumber } from '@gateway/platform';
import type { Environment } from '@gateway/persistence';
import { EnvironmentProperty, MAX_CURSOR_LENGTH, ReturnDto } from '@gateway/domain';
import { ISO_DATE_TIME_MESSAGE, isoDateTimeToUtc, SalesOrderView } from '../../orders';
import { WEBHOOK_EVENT_TYPES, WebhookEventType, eventTypesCarrying } from '../model/webhook-event-types';
import { InboundShipmentWebhookDataDto, InventoryLevelChangedDataDto, ShipmentWebhookDataDto } from './webhook-payload.dto';

export const EVENT_FEED_LIMIT = { min: 1, max: 100, default: 20 } as const;

const Optional = () => ValidateIf((_object, value) => value !== undefined);
const LIMIT_MESSAGE = `must be an integer from ${EVENT_FEED_LIMIT.min} to ${EVENT_FEED_LIMIT.max}`;
const TYPES_PATTERN = new RegExp(
  `^(${WEBHOOK_EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')})(,(${WEBHOOK_EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')})){0,${WEBHOOK_EVENT_TYPES.length - 1}}$`,
);
const TYPES_MESSAGE = `must be comma-separated event types of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

export class WebhookEventsQuery {
  @ApiPropertyOptional({
    type: 'string',
    pattern: TYPES_PATTERN.source,
    description: `only these event types, comma-separated (${WEBHOOK_EVENT_TYPES.join(', ')}); all when omitted`,
  })
  @Optional()
  @IsString({ message: TYPES_MESSAGE })
  @Matches(TYPES_PATTERN, { message: TYPES_MESSAGE })
  types?: string;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    description: 'only events that occurred at or after this instant (an ISO 8601 date-time with Z or an offset, or without one for UTC)',
  })
  // To the microsecond, the precision of the events' timestamps: an instant read from the feed selects from it.
  @Transform(({ value }) => isoDateTimeToUtc(value, 6) ?? value)
  @Optional()
  @ValidateBy({
    name: 'isoDateTime',
    validator: { validate: (value) => isoDateTimeToUtc(value, 6) !== undefined, defaultMessage: () => ISO_DATE_TIME_MESSAGE },
  })
  since?: string;

  @ApiPropertyOptional({ maxLength: MAX_CURSOR_LENGTH, description: 'the nextCursor of the previous page, sent with the same types and since' })
  @Optional()
  @IsString({ message: 'must be a cursor from nextCursor' })
  @HasMaxLength(MAX_CURSOR_LENGTH, 'must be a cursor from nextCursor')
  cursor?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: EVENT_FEED_LIMIT.min,
    maximum: EVENT_FEED_LIMIT.max,
    default: EVENT_FEED_LIMIT.default,
    description: 'events per page',
  })
  @Transform(plainNumber)
  @Optional()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(EVENT_FEED_LIMIT.min, { message: LIMIT_MESSAGE })
  @Max(EVENT_FEED_LIMIT.max, { message: LIMIT_MESSAGE })
  limit?: number;
}

@ClosedSchema()
@ApiExtraModels(SalesOrderView, ShipmentWebhookDataDto, InventoryLevelChangedDataDto, ReturnDto, InboundShipmentWebhookDataDto)
export class WebhookEventDto {
  @ApiProperty({ description: 'the webhook-id of the deliveries of this event: deduplicate by it' }) id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) type!: WebhookEventType;
  @ApiProperty({ format: 'date-time', description: 'when the change was recorded (UTC, microseconds)' }) timestamp!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({
    oneOf: [
      { $ref: getSchemaPath(SalesOrderView) },
      { $ref: getSchemaPath(ShipmentWebhookDataDto) },
      { $ref: getSchemaPath(InventoryLevelChangedDataDto) },
      { $ref: getSchemaPath(ReturnDto) },
      { $ref: getSchemaPath(InboundShipmentWebhookDataDto) },
    ],
    description: `the payload the webhooks of this event carry: the sales order for ${eventTypesCarrying('salesOrder').join(', ')}, the shipment with its order's salesOrderId, storeId and orderReference for ${eventTypesCarrying('shipment').join(', ')}, the inventory entry with its warehouse for ${eventTypesCarrying('inventoryLevel').join(', ')}, the return for ${eventTypesCarrying('return').join(', ')}, the inbound shipment (with receipt on a receipt) for ${eventTypesCarrying('inboundShipment').join(', ')}, which a connector's feed leaves out`,
  })
  data!: Record<string, unknown>;
}

@ClosedSchema()
export class WebhookEventPageDto {
  @ApiProperty({ type: () => [WebhookEventDto], description: 'oldest first (in the order the events were fanned out)' })
  items!: WebhookEventDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'opaque; pass it as cursor, with the same types and since, for the next page; null on the last page (to read on later, ask again with since a little before the last timestamp read, and skip the ids already read)',
  })
  nextCursor!: string | null;
}
