// Operating an endpoint (contract 6.5): rolling its secret, a test event, and recovering missed events.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { ClosedSchema, Required } from '@gateway/platform';
import { ISO_DATE_TIME_MESSAGE, isoDateTimeToUtc } from '../../orders';

export const MAX_SECRET_OVERLAP_SECONDS = 86_400;
/** How far back recover reaches: the stored payloads are kept at least this long. */
export const RECOVER_MAX_DAYS = 30;

@ClosedSchema()
export class RotateWebhookSecretDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_SECRET_OVERLAP_SECONDS,
    default: MAX_SECRET_OVERLAP_SECONDS,
    description: 'how long deliveries stay signed with the old secret too (a second signature in webhook-signature); 0: the old secret stops at once',
  })
  @ValidateIf((_object, value) => value !== undefined)
  @IsInt({ message: `must be an integer from 0 to ${MAX_SECRET_OVERLAP_SECONDS}` })
  @Min(0, { message: `must be an integer from 0 to ${MAX_SECRET_OVERLAP_SECONDS}` })
  @Max(MAX_SECRET_OVERLAP_SECONDS, { message: `must be an integer from 0 to ${MAX_SECRET_OVERLAP_SECONDS}` })
  overlapSeconds?: number;
}

@ClosedSchema()
export class WebhookSecretDto {
  @ApiProperty({ pattern: '^whsec_[A-Za-z0-9+/]{32,}={0,2}$', description: 'the new signing secret, shown this once' })
  secret!: string;
}

@ClosedSchema()
export class WebhookTestSentDto {
  @ApiProperty({
    pattern: '^msg_[0-9a-f]{32}_webhook\\.test$',
    description: 'the webhook-id of the test event: the eventId of its attempts in GET .../deliveries',
  })
  eventId!: string;
}

@ClosedSchema()
export class RecoverWebhookEventsDto {
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    description: `every event that occurred at or after this instant is sent again; at most ${RECOVER_MAX_DAYS} days back, not in the future (an ISO 8601 date-time with Z or an offset, or without one for UTC)`,
  })
  @Transform(({ value }) => isoDateTimeToUtc(value) ?? value)
  @Required()
  @ValidateBy({ name: 'isoDateTime', validator: { validate: (value) => isoDateTimeToUtc(value) !== undefined, defaultMessage: () => ISO_DATE_TIME_MESSAGE } })
  since!: string;
}
