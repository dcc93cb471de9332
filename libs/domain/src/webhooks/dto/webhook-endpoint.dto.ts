// Webhook endpoints through the public API (contract 6.3): what a caller sends and what it is answered.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { ClosedSchema, Required } from '@gateway/platform';

export const WEBHOOK_EVENT_TYPES = ['sales_order.created', 'sales_order.shipped', 'sales_order.cancelled', 'fulfilment_order.status_changed', 'inventory_level.changed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;

@ClosedSchema()
export class CreateWebhookEndpointDto {
  @ApiProperty({ format: 'uri', maxLength: WEBHOOK_URL_MAX, description: 'https, not resolving to a loopback, private, link-local or metadata address (an IP literal checked here, a name at every delivery), nor on a port of the gateways themselves' })
  @Required()
  @IsString({ message: 'must be a string' })
  @Length(1, WEBHOOK_URL_MAX, { message: `must be 1 to ${WEBHOOK_URL_MAX} characters` })
  url!: string;

  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] }, minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true })
  @Required()
  @IsArray({ message: 'must be an array' })
  @ArrayMinSize(1, { message: 'must name at least 1 event type' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: `must name at most ${WEBHOOK_EVENT_TYPES.length} event types` })
  @ArrayUnique({ message: 'must not repeat an event type' })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: `must hold only ${WEBHOOK_EVENT_TYPES.join(', ')}` })
  eventTypes!: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString({ message: 'must be a string' })
  @MaxLength(WEBHOOK_DESCRIPTION_MAX, { message: `must be at most ${WEBHOOK_DESCRIPTION_MAX} characters` })
  description?: string;
}

@ClosedSchema()
export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } }) eventTypes!: WebhookEventType[];
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

@ClosedSchema()
export class CreatedWebhookEndpointDto extends WebhookEndpointDto {
  @ApiProperty({ pattern: '^whsec_[A-Za-z0-9+/]{32,}={0,2}$', description: 'the signing secret (Standard Webhooks), shown this once' })
  secret!: string;
}

@ClosedSchema()
export class WebhookEndpointListDto {
  @ApiProperty({ type: () => [WebhookEndpointDto], description: 'oldest first; no secrets' })
  items!: WebhookEndpointDto[];
}
