// The recent delivery attempts of one webhook endpoint (contract 6.3), as GET .../deliveries answers them.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { DELIVERED_EVENT_TYPES, DeliveredEventType } from '../model/webhook-event-types';

export const DELIVERY_ATTEMPT_STATUSES = ['SUCCEEDED', 'FAILED', 'PENDING'] as const;
export const LATEST_DELIVERY_ATTEMPTS = 100;

@ClosedSchema()
export class WebhookDeliveryAttemptDto {
  @ApiProperty({ description: 'the webhook-id the receiver gets: the same on every attempt of one event to one endpoint' }) eventId!: string;
  @ApiProperty({ enum: DELIVERED_EVENT_TYPES }) eventType!: DeliveredEventType;
  @ApiProperty({ type: 'integer', minimum: 1, description: '1 for the first attempt, 2 for the first retry, ...' }) attempt!: number;
  @ApiProperty({ enum: DELIVERY_ATTEMPT_STATUSES, description: 'PENDING: not made yet (at nextAttemptAt)' })
  status!: (typeof DELIVERY_ATTEMPT_STATUSES)[number];
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 100,
    maximum: 599,
    description: 'the status the receiver answered; null when it answered none (not made yet, refused target, connection error, timeout)',
  })
  responseStatus!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the attempt was made; null while PENDING' }) attemptedAt!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when the next attempt is (or, while PENDING, this one); null when none follows',
  })
  nextAttemptAt!: string | null;
}

@ClosedSchema()
export class WebhookDeliveryAttemptListDto {
  @ApiProperty({
    type: () => [WebhookDeliveryAttemptDto],
    maxItems: LATEST_DELIVERY_ATTEMPTS,
    description: `the latest ${LATEST_DELIVERY_ATTEMPTS} attempts, newest first`,
  })
  items!: WebhookDeliveryAttemptDto[];
}
