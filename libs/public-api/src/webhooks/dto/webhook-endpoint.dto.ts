// Webhook endpoints through the public API (contracts 6.3 and 6.5): what a caller sends and what it is answered.
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsString, ValidateIf } from 'class-validator';
import { ClosedSchema, HasLength, HasMaxLength, Required } from '@gateway/platform';
import { CONNECTOR_REFUSED_EVENT_TYPES, WEBHOOK_EVENT_TYPES, WebhookEventType } from '../model/webhook-event-types';

export const WEBHOOK_DISABLED_REASONS = ['MANUAL', 'FAILING', 'CLIENT_REVOKED'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;

const Optional = () => ValidateIf((_object, value) => value !== undefined);

/** The rules of a URL (where it may point is checked by webhookUrlProblem, at registration and on PATCH). */
const WebhookUrlRules = () => applyDecorators(IsString({ message: 'must be a string' }), HasLength(1, WEBHOOK_URL_MAX));
const URL_SCHEMA = {
  format: 'uri',
  maxLength: WEBHOOK_URL_MAX,
  description:
    'https, not resolving to a loopback, private, link-local or metadata address (an IP literal checked here, a name at every delivery), nor on a port of the gateways themselves',
};

const EventTypeRules = () =>
  applyDecorators(
    IsArray({ message: 'must be an array' }),
    ArrayMinSize(1, { message: 'must name at least 1 event type' }),
    ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: `must name at most ${WEBHOOK_EVENT_TYPES.length} event types` }),
    ArrayUnique({ message: 'must not repeat an event type' }),
    IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: `must hold only ${WEBHOOK_EVENT_TYPES.join(', ')}` }),
  );
const EVENT_TYPES_SCHEMA: ApiPropertyOptions = {
  type: 'array',
  items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: `the event types sent to the endpoint; a connector's endpoint may not name ${CONNECTOR_REFUSED_EVENT_TYPES.join(', ')} (400 pointing at each): connectors cannot see inbound shipments`,
};

const DescriptionRules = () => applyDecorators(IsString({ message: 'must be a string' }), HasMaxLength(WEBHOOK_DESCRIPTION_MAX));

@ClosedSchema()
export class CreateWebhookEndpointDto {
  @ApiProperty(URL_SCHEMA)
  @Required()
  @WebhookUrlRules()
  url!: string;

  @ApiProperty(EVENT_TYPES_SCHEMA)
  @Required()
  @EventTypeRules()
  eventTypes!: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX })
  @Optional()
  @DescriptionRules()
  description?: string;
}

/** PATCH of an endpoint: each property given is changed, the others stay. */
@ClosedSchema()
export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({ ...URL_SCHEMA, description: `${URL_SCHEMA.description}; checked as at registration` })
  @Optional()
  @WebhookUrlRules()
  url?: string;

  @ApiPropertyOptional(EVENT_TYPES_SCHEMA)
  @Optional()
  @EventTypeRules()
  eventTypes?: WebhookEventType[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: WEBHOOK_DESCRIPTION_MAX, description: 'null removes it' })
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @DescriptionRules()
  description?: string | null;

  @ApiPropertyOptional({
    type: Boolean,
    description:
      'false: disabled (disabledReason MANUAL), sent nothing, its pending deliveries dropped; true: enabled again (from MANUAL or FAILING, not CLIENT_REVOKED: 409), sent the events fanned out from then on (catch up with recover)',
  })
  @Optional()
  @IsBoolean({ message: 'must be true or false' })
  enabled?: boolean;
}

@ClosedSchema()
export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } }) eventTypes!: WebhookEventType[];
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ description: 'false: sent nothing (see disabledReason)' }) enabled!: boolean;
  @ApiProperty({
    enum: WEBHOOK_DISABLED_REASONS,
    nullable: true,
    description:
      'null while enabled; MANUAL: disabled through PATCH; FAILING: every attempt failed for WEBHOOK_DISABLE_AFTER_FAILING_SECONDS; CLIENT_REVOKED: the connector that created it was revoked (final)',
  })
  disabledReason!: WebhookDisabledReason | null;
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
